import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/alert-message';
import { redeemRefusals } from '../redeem-error';

/** The server's reasons for refusing a console change, under a lead-in. */
export function RefusalList({ error }: { error: unknown }) {
  const { t } = useTranslation('rewards');
  return (
    <AlertMessage tone="error">
      <p className="font-medium">{t('console.refused')}</p>
      <ul className="mt-1 list-disc pl-5">
        {redeemRefusals(t, error).map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </AlertMessage>
  );
}
