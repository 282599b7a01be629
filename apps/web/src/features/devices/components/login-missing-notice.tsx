import type { DeviceSummary } from '@peakwise/contracts/devices.contract';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';

type Props = { devices: DeviceSummary[]; onOpen: (deviceId: string) => void };

/**
 * Devices whose password has no login on Mosquitto (paired before Peakwise managed its logins,
 * decision 105): they cannot connect until the member takes a new password, which only the
 * member can put in the device.
 */
export function LoginMissingNotice({ devices, onOpen }: Props) {
  const { t, i18n } = useTranslation('manageDevices');
  const listFormat = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  const stuck = devices.filter((d) => d.needsNewPassword);
  if (stuck.length === 0) return null;
  return (
    <section aria-labelledby="login-missing-title" data-testid="login-missing-notice">
      <AlertMessage tone="error">
        <h2 id="login-missing-title" className="font-semibold">
          {t('loginMissing.title')}
        </h2>
        <p className="mt-1">{t('loginMissing.banner', { count: stuck.length, names: listFormat.format(stuck.map((d) => d.name)) })}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          {stuck.map((d) => (
            <Button key={d.id} variant="secondary" size="sm" onClick={() => onOpen(d.id)}>
              {t('loginMissing.open', { name: d.name })}
            </Button>
          ))}
        </div>
      </AlertMessage>
    </section>
  );
}
