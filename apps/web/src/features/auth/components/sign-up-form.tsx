import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { TextField } from '@/components/ui/text-field';
import { useServerErrorText } from '@/lib/server-error-text';
import { SignUpError, useSignUp } from '../hooks/use-sign-up';
import { checkedPostalCode } from '@/lib/checked-postal-code';
import { buildSignUpPayload } from '../sign-up-payload';
import { validateSignUp, type SignUpErrors, type SignUpField, type SignUpValues } from '../sign-up-validation';
import { BirthdayFields } from './birthday-fields';
import { GenderField } from './gender-field';

const emptyValues: SignUpValues = {
  email: '',
  confirmEmail: '',
  password: '',
  name: '',
  month: '',
  day: '',
  year: '',
  gender: '',
  marketingConsent: false,
};

export function SignUpForm({ onSignedUp }: { onSignedUp: () => void }) {
  const { t, i18n } = useTranslation('auth');
  const [values, setValues] = useState(emptyValues);
  const [errors, setErrors] = useState<SignUpErrors>({});
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const signUp = useSignUp();
  const errorText = useServerErrorText();
  const currentYear = new Date().getFullYear();

  // After a rejected submit, take the reader to the first problem.
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const set = <K extends keyof SignUpValues>(field: K, value: SignUpValues[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    if (field !== 'marketingConsent') setErrors((previous) => ({ ...previous, [field as SignUpField]: undefined }));
  };

  const message = (field: SignUpField) => {
    const key = errors[field];
    if (!key) return undefined;
    return key === 'yearInvalid' ? t('validation.yearInvalid', { max: currentYear }) : t(`validation.${key}`);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateSignUp(values, currentYear);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setAttempt((count) => count + 1);
      return;
    }
    signUp.mutate(buildSignUpPayload(values, i18n.resolvedLanguage ?? i18n.language, checkedPostalCode()), {
      onSuccess: (outcome) => {
        if (outcome === 'signed-in') onSignedUp();
      },
    });
  };

  const serverError = signUp.error
    ? errorText(signUp.error instanceof SignUpError ? signUp.error.server : undefined, t('errors.signUpFailed'))
    : undefined;

  if (signUp.data === 'check-email') {
    return (
      <div role="status" className="rounded-2xl border border-brand-100 bg-brand-50 p-5 text-brand-900">
        <p className="font-semibold">{t('signup.checkEmailTitle')}</p>
        <p className="mt-1 text-sm">{t('signup.checkEmail', { email: values.email.trim() })}</p>
      </div>
    );
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('signup.email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={values.email}
          error={message('email')}
          onChange={(event) => set('email', event.target.value)}
        />
        <TextField
          label={t('signup.confirmEmail')}
          type="email"
          name="confirmEmail"
          autoComplete="email"
          required
          value={values.confirmEmail}
          error={message('confirmEmail')}
          onChange={(event) => set('confirmEmail', event.target.value)}
        />
      </div>
      <TextField
        label={t('signup.password')}
        type="password"
        name="password"
        autoComplete="new-password"
        required
        minLength={8}
        hint={t('signup.passwordHint')}
        value={values.password}
        error={message('password')}
        onChange={(event) => set('password', event.target.value)}
      />
      <TextField
        label={t('signup.name')}
        name="name"
        autoComplete="nickname"
        required
        value={values.name}
        error={message('name')}
        onChange={(event) => set('name', event.target.value)}
      />
      <BirthdayFields
        value={{ month: values.month, day: values.day, year: values.year }}
        errors={{ month: message('month'), day: message('day'), year: message('year') }}
        currentYear={currentYear}
        onChange={(field, value) => set(field, value)}
      />
      <GenderField value={values.gender} error={message('gender')} onChange={(value) => set('gender', value)} />
      <Checkbox
        label={t('signup.marketingConsent')}
        checked={values.marketingConsent}
        onChange={(event) => set('marketingConsent', event.target.checked)}
      />
      <div aria-live="polite">{serverError && <AlertMessage tone="error">{serverError}</AlertMessage>}</div>
      <Button type="submit" size="lg" className="w-full" disabled={signUp.isPending}>
        {signUp.isPending ? t('signup.submitting') : t('signup.submit')}
      </Button>
    </form>
  );
}
