import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/alert-message';
import { TextField } from '@/components/ui/text-field';
import { serverErrorOf } from '@/lib/api-request';
import { useServerErrorText } from '@/lib/server-error-text';
import { DialogActions } from './dialog-actions';

type PasswordConfirmFormProps<T> = {
  intro: string;
  submitLabel: string;
  action: (password: string) => Promise<T>;
  onConfirmed: (result: T) => void;
  onCancel: () => void;
};

/** Asks for the current password before a security change (turning two-factor on or off). */
export function PasswordConfirmForm<T>({ intro, submitLabel, action, onConfirmed, onCancel }: PasswordConfirmFormProps<T>) {
  const { t } = useTranslation('settings');
  const errorText = useServerErrorText();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const confirm = useMutation({ mutationFn: action, onSuccess: onConfirmed });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) return setMissing(true);
    confirm.mutate(password);
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <p className="text-sm text-slate-700">{intro}</p>
      <TextField
        label={t('security.twoFactor.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        data-autofocus
        value={password}
        error={missing ? t('security.twoFactor.passwordRequired') : undefined}
        onChange={(event) => {
          setPassword(event.target.value);
          setMissing(false);
        }}
      />
      <div aria-live="polite">
        {confirm.error && <AlertMessage tone="error">{errorText(serverErrorOf(confirm.error), t('security.twoFactor.failed'))}</AlertMessage>}
      </div>
      <DialogActions onCancel={onCancel} busy={confirm.isPending} label={submitLabel} />
    </form>
  );
}
