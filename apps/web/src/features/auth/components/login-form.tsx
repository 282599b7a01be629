import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@peakwise/contracts/demo-account';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useAuthMessageText } from '../auth-message';
import { useDemoOffered } from '@/lib/use-public-config';
import { useSignIn } from '../hooks/use-sign-in';

type LoginFormProps = {
  onSignedIn: () => void;
  /** The password was right and the account asks for a second factor. */
  onTwoFactor: () => void;
  onForgotPassword: () => void;
  /** Focus the email field on mount (when coming back from the reset view). */
  focusEmail?: boolean;
};

type FieldErrors = { email?: string; password?: string };

export function LoginForm({ onSignedIn, onTwoFactor, onForgotPassword, focusEmail = false }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const messageText = useAuthMessageText();
  // The demo credentials are pre-filled so a visitor can look around (docs/product/routes-and-screens.md#log-in-panel),
  // but only where the server offers the demo (decision 082). A field the visitor has typed in stays theirs.
  const demo = useDemoOffered();
  const demoOffered = demo.data === true;
  const [typedEmail, setEmail] = useState<string>();
  const [typedPassword, setPassword] = useState<string>();
  const email = typedEmail ?? (demoOffered ? DEMO_EMAIL : '');
  const password = typedPassword ?? (demoOffered ? DEMO_PASSWORD : '');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const signIn = useSignIn();
  const result = signIn.data;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors: FieldErrors = {
      email: email.trim() ? undefined : t('validation.emailRequired'),
      password: password.trim() ? undefined : t('validation.passwordRequired'),
    };
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    signIn.mutate(
      { email, password },
      {
        onSuccess: (outcome) => {
          if (outcome.ok) onSignedIn();
          else if ('twoFactor' in outcome) onTwoFactor();
        },
      },
    );
  };

  // Without a demo there are no credentials below to point to.
  const message = result && !result.ok && 'message' in result ? result.message : undefined;
  const errorText = message ? (!demoOffered && message.kind === 'key' && message.key === 'errors.invalidCredentials' ? t('errors.invalidCredentialsNoDemo') : messageText(message)) : undefined;

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <TextField
        label={t('login.email')}
        type="email"
        name="email"
        autoComplete="email"
        required
        data-autofocus
        autoFocus={focusEmail}
        value={email}
        error={fieldErrors.email}
        onChange={(event) => {
          setEmail(event.target.value);
          setFieldErrors((previous) => ({ ...previous, email: undefined }));
        }}
      />
      <div>
        <TextField
          label={t('login.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          error={fieldErrors.password}
          onChange={(event) => {
            setPassword(event.target.value);
            setFieldErrors((previous) => ({ ...previous, password: undefined }));
          }}
        />
        <div className="mt-2 flex justify-end">
          <button
            type="button"
            onClick={onForgotPassword}
            className="rounded text-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {t('login.forgotPassword')}
          </button>
        </div>
      </div>

      <div aria-live="polite">{errorText && <AlertMessage tone="error">{errorText}</AlertMessage>}</div>

      <Button type="submit" size="lg" className="w-full" disabled={signIn.isPending || demo.isPending}>
        {signIn.isPending ? t('login.submitting') : t('login.submit')}
      </Button>

      {demoOffered && (
        <div className="flex gap-3 rounded-2xl border border-brand-100 bg-brand-50 p-4">
          <KeyRound aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <div className="text-sm text-brand-900">
            <p className="font-semibold">{t('login.demoTitle')}</p>
            <p className="mt-0.5 break-words">{t('login.demoHint', { email: DEMO_EMAIL, password: DEMO_PASSWORD })}</p>
          </div>
        </div>
      )}
    </form>
  );
}
