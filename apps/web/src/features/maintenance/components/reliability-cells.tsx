import type { ComponentStatus } from '@peakwise/contracts/maintenance.contract';
import { useTranslation } from 'react-i18next';
import { MISSING, useIntlLocale } from '@/lib/format';
import { formatDays, formatHoursValue } from '../maintenance-format';

/**
 * MTBF in days (hours ÷ 24). With no failure seen yet the server sends the time watched without
 * one: a lower bound, shown as "> N days" and said in words for screen readers.
 */
export function MtbfCell({ component }: { component: ComponentStatus }) {
  const { t } = useTranslation('maintenance');
  const locale = useIntlLocale();
  if (component.mtbfHours === null) return <>{MISSING}</>;
  const { count, value } = formatDays(component.mtbfHours, locale);
  const days = t('table.days', { count, value });
  if (component.reliabilitySource !== 'no_failures') return <>{days}</>;
  return (
    <span title={t('table.atLeastNote')}>
      {t('table.atLeast', { days })}
      <span className="sr-only"> ({t('table.atLeastNote')})</span>
    </span>
  );
}

export function MttrCell({ hours }: { hours: number | null }) {
  const { t } = useTranslation('maintenance');
  const locale = useIntlLocale();
  return <>{hours === null ? MISSING : t('table.hours', { value: formatHoursValue(hours, locale) })}</>;
}
