import { useTranslation } from 'react-i18next';

const KNOWN = ['operational', 'warning', 'critical', 'offline', 'unknown'] as const;
type Known = (typeof KNOWN)[number];
const isKnown = (status: string): status is Known => (KNOWN as readonly string[]).includes(status);

/** A status in words; one we have no word for is shown as it came (and gets the neutral style). */
export function useStatusLabel() {
  const { t } = useTranslation('maintenance');
  return (status: string) => (isKnown(status) ? t(`status.${status}`) : status || t('status.unknown'));
}
