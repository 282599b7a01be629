import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { DELETE_ACCOUNT_CONFIRMATION } from '@peakwise/contracts/account.contract';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { ACCOUNT_DELETED_STATE } from '@/lib/account-notice';
import { serverErrorOf } from '@/lib/api-request';
import { useServerErrorText } from '@/lib/server-error-text';
import { deleteAccount } from '../api/settings-api';
import { SettingsCard } from './settings-card';

const dangerButton =
  'inline-flex h-11 items-center justify-center gap-2 rounded-xl bg-red-700 px-5 text-sm font-semibold text-white shadow-sm hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:opacity-60';

export function DeleteAccountCard() {
  const { t } = useTranslation('settings');
  const [open, setOpen] = useState(false);
  return (
    <SettingsCard title={t('deleteAccount.title')} tone="danger">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex gap-2 text-sm text-slate-800">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-red-700" />
          {t('deleteAccount.warning')}
        </p>
        <button type="button" className={`${dangerButton} shrink-0`} aria-haspopup="dialog" onClick={() => setOpen(true)}>
          {t('deleteAccount.button')}
        </button>
      </div>
      <Modal open={open} onClose={() => setOpen(false)} placement="center" title={t('deleteAccount.dialogTitle')}>
        {open && <DeleteAccountForm onCancel={() => setOpen(false)} />}
      </Modal>
    </SettingsCard>
  );
}

export function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('settings');
  const errorText = useServerErrorText();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const confirmed = typed.trim() === DELETE_ACCOUNT_CONFIRMATION;
  const remove = useMutation({
    mutationFn: deleteAccount,
    // The server has ended every session and cleared the cookie. The local session is forgotten by
    // the public page this leads to (AccountNotice): cleared here, the portal guard — still on screen
    // until the navigation renders — would open the login panel instead.
    onSuccess: () => navigate('/', { replace: true, state: ACCOUNT_DELETED_STATE }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirmed) remove.mutate();
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <p className="text-sm text-slate-700">{t('deleteAccount.dialogIntro')}</p>
      <p className="text-sm font-medium text-red-800">{t('deleteAccount.warning')}</p>
      <TextField
        label={t('deleteAccount.confirmLabel')}
        name="confirmation"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        data-autofocus
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      <div aria-live="polite">
        {remove.error && <AlertMessage tone="error">{errorText(serverErrorOf(remove.error), t('deleteAccount.failed'))}</AlertMessage>}
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <button type="submit" className={dangerButton} disabled={!confirmed || remove.isPending}>
          {remove.isPending ? t('deleteAccount.submitting') : t('deleteAccount.submit')}
        </button>
      </div>
    </form>
  );
}
