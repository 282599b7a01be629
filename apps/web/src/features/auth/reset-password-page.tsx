import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CircleAlert, CircleCheck, KeyRound } from 'lucide-react';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@peakwise/contracts/account.contract';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-styles';
import { TextField } from '@/components/ui/text-field';
import { emitSessionEvent } from '@/lib/session-events';
import { useServerErrorText } from '@/lib/server-error-text';
import { ResetPasswordError, useResetPassword } from './hooks/use-reset-password';

type FieldErrors = { password?: string; confirm?: string };

function Card({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-16 sm:py-24">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <span className="flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">{icon}</span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {children}
      </div>
    </div>
  );
}

/** /reset-password?token=…: the page the emailed reset link opens (public layout). */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  // better-auth sends an expired link here as ?error=INVALID_TOKEN.
  const linkRefused = !token || params.get('error') !== null;
  const reset = useResetPassword(token);
  const errorText = useServerErrorText();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const announced = useRef(false);
  useEffect(() => {
    if (linkRefused || announced.current) return;
    announced.current = true;
    emitSessionEvent('PASSWORD_RECOVERY', null);
  }, [linkRefused]);

  const serverError = reset.error instanceof ResetPasswordError ? reset.error.server : reset.error ? {} : undefined;
  const tokenRefused = serverError?.code === 'INVALID_TOKEN';

  if (linkRefused || tokenRefused) {
    return (
      <Card icon={<CircleAlert aria-hidden className="size-5" />} title={t('reset.invalidTitle')}>
        <p className="mt-2 text-sm text-slate-700">{t('reset.invalid')}</p>
        <Link to="/?auth=forgot-password" className={buttonClasses('primary', 'md', 'mt-6 w-full')}>
          {t('reset.requestNew')}
        </Link>
      </Card>
    );
  }

  if (reset.isSuccess) {
    return (
      <Card icon={<CircleCheck aria-hidden className="size-5" />} title={t('reset.successTitle')}>
        <p role="status" className="mt-2 text-sm text-slate-700">
          {t('reset.success')}
        </p>
        <Button size="lg" className="mt-6 w-full" onClick={() => navigate('/?auth=login', { replace: true })}>
          {t('reset.logIn')}
        </Button>
      </Card>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (password.length < PASSWORD_MIN_LENGTH) found.password = t('serverErrors.passwordTooShort');
    else if (password.length > PASSWORD_MAX_LENGTH) found.password = t('serverErrors.passwordTooLong');
    if (!found.password && confirm !== password) found.confirm = t('reset.mismatch');
    setErrors(found);
    if (found.password || found.confirm) return;
    reset.mutate(password);
  };

  return (
    <Card icon={<KeyRound aria-hidden className="size-5" />} title={t('reset.pageTitle')}>
      <p className="mt-2 text-sm text-slate-700">{t('reset.intro')}</p>
      <form noValidate onSubmit={submit} className="mt-6 space-y-5">
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" hidden readOnly value="" />
        <TextField
          label={t('reset.newPassword')}
          type="password"
          name="newPassword"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          autoFocus
          hint={t('reset.hint')}
          value={password}
          error={errors.password}
          onChange={(event) => {
            setPassword(event.target.value);
            setErrors((previous) => ({ ...previous, password: undefined }));
          }}
        />
        <TextField
          label={t('reset.confirmPassword')}
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={confirm}
          error={errors.confirm}
          onChange={(event) => {
            setConfirm(event.target.value);
            setErrors((previous) => ({ ...previous, confirm: undefined }));
          }}
        />
        <div aria-live="polite">
          {serverError && <AlertMessage tone="error">{errorText(serverError, t('reset.failed'))}</AlertMessage>}
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
          {reset.isPending ? t('reset.submitting') : t('reset.submit')}
        </Button>
      </form>
    </Card>
  );
}
