import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Cancel and submit for the security dialogs; the submit button shows it is working while busy. */
export function DialogActions({ onCancel, busy, label }: { onCancel: () => void; busy: boolean; label: string }) {
  const { t } = useTranslation('settings');
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel}>
        {t('cancel')}
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? t('security.twoFactor.working') : label}
      </Button>
    </div>
  );
}
