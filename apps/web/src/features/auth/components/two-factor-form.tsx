import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useAuthMessageText } from '../auth-message';
import { useVerifySecondFactor } from '../hooks/use-sign-in';

type TwoFactorFormProps = { onSignedIn: () => void; onBack: () => void };

const linkButton =
  'rounded text-sm font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** The second sign-in step: a 6-digit code from the authenticator app, or a one-time backup code. */
export function TwoFactorForm({ onSignedIn, onBack }: TwoFactorFormProps) {
  const { t } = useTranslation('auth');
  const messageText = useAuthMessageText();
  const [method, setMethod] = useState<'totp' | 'backup'>('totp');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const verify = useVerifySecondFactor();
  const result = verify.data;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = code.replace(/\s+/g, '');
    const valid = method === 'totp' ? /^\d{6}$/.test(value) : value.length > 0;
    if (!valid) {
      setFieldError(method === 'totp' ? t('twoFactor.codeRequired') : t('twoFactor.backupRequired'));
      return;
    }
    setFieldError(undefined);
    verify.mutate({ method, code: value }, { onSuccess: (outcome) => outcome.ok && onSignedIn() });
  };

  const switchMethod = () => {
    setMethod((current) => (current === 'totp' ? 'backup' : 'totp'));
    setCode('');
    setFieldError(undefined);
    verify.reset();
  };

  const errorText = result && !result.ok && 'message' in result ? messageText(result.message) : undefined;
  const totp = method === 'totp';

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <p className="text-sm text-slate-700">{totp ? t('twoFactor.intro') : t('twoFactor.backupIntro')}</p>
      <TextField
        key={method}
        label={totp ? t('twoFactor.code') : t('twoFactor.backupCode')}
        name={totp ? 'totp' : 'backupCode'}
        inputMode={totp ? 'numeric' : 'text'}
        autoComplete={totp ? 'one-time-code' : 'off'}
        pattern={totp ? '[0-9]*' : undefined}
        maxLength={totp ? 6 : 32}
        autoCapitalize="off"
        spellCheck={false}
        required
        autoFocus
        data-autofocus
        value={code}
        error={fieldError}
        onChange={(event) => {
          setCode(totp ? event.target.value.replace(/\D/g, '') : event.target.value);
          setFieldError(undefined);
        }}
        className={totp ? '[&_input]:font-mono [&_input]:tracking-[0.4em]' : '[&_input]:font-mono'}
      />
      <div aria-live="polite">{errorText && <AlertMessage tone="error">{errorText}</AlertMessage>}</div>
      <Button type="submit" size="lg" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? t('twoFactor.submitting') : t('twoFactor.submit')}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <button type="button" onClick={onBack} className={`inline-flex items-center gap-1.5 ${linkButton}`}>
          <ArrowLeft aria-hidden className="size-4" />
          {t('twoFactor.back')}
        </button>
        <button type="button" onClick={switchMethod} className={linkButton}>
          {totp ? t('twoFactor.useBackup') : t('twoFactor.useApp')}
        </button>
      </div>
    </form>
  );
}
