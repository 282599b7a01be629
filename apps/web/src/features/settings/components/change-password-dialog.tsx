import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@peakwise/contracts/account.contract';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { serverErrorOf } from '@/lib/api-request';
import { useServerErrorText } from '@/lib/server-error-text';
import { changePassword } from '../api/settings-api';
import { settingsKeys } from '../settings-keys';

type Errors = { current?: string; next?: string; confirm?: string };

type Props = { open: boolean; onClose: () => void; onChanged: () => void };

export function ChangePasswordDialog({ open, onClose, onChanged }: Props) {
  const { t } = useTranslation('settings');
  return (
    <Modal open={open} onClose={onClose} placement="center" title={t('security.password.dialogTitle')}>
      {/* A fresh form each time the dialog opens: passwords never linger. */}
      {open && <ChangePasswordForm onCancel={onClose} onChanged={onChanged} />}
    </Modal>
  );
}

function ChangePasswordForm({ onCancel, onChanged }: { onCancel: () => void; onChanged: () => void }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const errorText = useServerErrorText();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [signOutOthers, setSignOutOthers] = useState(true);
  const [errors, setErrors] = useState<Errors>({});
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.sessions() });
      onChanged();
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Errors = {};
    if (!current) found.current = t('security.password.currentRequired');
    if (next.length < PASSWORD_MIN_LENGTH) found.next = t('security.password.tooShort');
    else if (next.length > PASSWORD_MAX_LENGTH) found.next = errorText({ code: 'PASSWORD_TOO_LONG' }, '');
    if (!found.next && confirm !== next) found.confirm = t('security.password.mismatch');
    setErrors(found);
    if (found.current || found.next || found.confirm) return;
    change.mutate({ currentPassword: current, newPassword: next, revokeOtherSessions: signOutOthers });
  };

  const clear = (field: keyof Errors) => setErrors((previous) => ({ ...previous, [field]: undefined }));

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <TextField
        label={t('security.password.current')}
        type="password"
        name="currentPassword"
        autoComplete="current-password"
        required
        data-autofocus
        value={current}
        error={errors.current}
        onChange={(event) => {
          setCurrent(event.target.value);
          clear('current');
        }}
      />
      <TextField
        label={t('security.password.new')}
        type="password"
        name="newPassword"
        autoComplete="new-password"
        required
        hint={t('security.password.hint')}
        value={next}
        error={errors.next}
        onChange={(event) => {
          setNext(event.target.value);
          clear('next');
        }}
      />
      <TextField
        label={t('security.password.confirm')}
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={confirm}
        error={errors.confirm}
        onChange={(event) => {
          setConfirm(event.target.value);
          clear('confirm');
        }}
      />
      <Checkbox label={t('security.password.signOutOthers')} checked={signOutOthers} onChange={(event) => setSignOutOthers(event.target.checked)} />
      <div aria-live="polite">
        {change.error && <AlertMessage tone="error">{errorText(serverErrorOf(change.error), t('security.password.failed'))}</AlertMessage>}
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? t('security.password.submitting') : t('security.password.submit')}
        </Button>
      </div>
    </form>
  );
}
