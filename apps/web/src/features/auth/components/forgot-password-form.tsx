import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { usePasswordReset } from '../hooks/use-password-reset';

type ForgotPasswordFormProps = { initialEmail?: string; onBack: () => void };

export function ForgotPasswordForm({ initialEmail = '', onBack }: ForgotPasswordFormProps) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string>();
  const reset = usePasswordReset();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim()) {
      setError(t('validation.emailRequired'));
      return;
    }
    setError(undefined);
    reset.mutate(email);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <p className="text-sm text-slate-700">{t('forgot.intro')}</p>
      <TextField
        label={t('forgot.email')}
        type="email"
        name="email"
        autoComplete="email"
        required
        autoFocus
        value={email}
        error={error}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(undefined);
        }}
      />
      <div aria-live="polite">
        {reset.isSuccess && <AlertMessage tone="success">{t('forgot.sent')}</AlertMessage>}
        {reset.isError && <AlertMessage tone="error">{t('forgot.failed')}</AlertMessage>}
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? t('forgot.submitting') : t('forgot.submit')}
      </Button>
      <button
        type="button"
        onClick={onBack}
        className="inline-flex items-center gap-1.5 rounded text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t('forgot.back')}
      </button>
    </form>
  );
}
