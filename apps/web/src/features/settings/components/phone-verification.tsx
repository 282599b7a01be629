import type { NotificationPreferences } from '@peakwise/contracts/notifications.contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useDemoSharedText } from '@/lib/demo-shared-text';
import { setPhone, verifyPhone } from '../api/notification-preferences-api';
import { usePreferencesMutation } from '../api/use-notification-preferences';
import { notificationErrorText } from '../notification-error-text';

/**
 * The mobile number and its texted code. No text message goes to a number before it is verified
 * (decision 035), so this comes before the SMS column of the grid can be used.
 */
export function PhoneVerification({ phone }: { phone: NotificationPreferences['phone'] }) {
  const { t } = useTranslation('notifications');
  const demoShared = useDemoSharedText();
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const [number, setNumber] = useState('');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const send = usePreferencesMutation(setPhone);
  const verify = usePreferencesMutation(verifyPhone);

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    verify.reset();
    send.mutate(number.trim() || (phone?.number ?? ''), {
      onSuccess: () => {
        setEditing(false);
        setCode('');
      },
    });
  };
  const checkCode = (event: FormEvent) => {
    event.preventDefault();
    send.reset();
    if (!/^\d{6}$/.test(code.trim())) {
      setCodeError(t('errors.code_format'));
      return;
    }
    setCodeError(null);
    verify.mutate(code.trim(), { onSuccess: () => setCode('') });
  };

  const askingNumber = !phone || editing;
  const sendError = send.isError ? (demoShared(send.error) ?? notificationErrorText(t, send.error)) : null;
  const verifyError = codeError ?? (verify.isError ? notificationErrorText(t, verify.error) : null);

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {t('phone.title')}
      </h3>
      {askingNumber ? (
        <form onSubmit={sendCode} noValidate className="flex flex-col items-start gap-3">
          <TextField
            className="w-full max-w-xs"
            label={t('phone.number')}
            hint={t('phone.numberHint')}
            error={sendError ?? undefined}
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            name="phone"
            value={number}
            onChange={(event) => setNumber(event.target.value)}
          />
          <Button type="submit" disabled={send.isPending || !number.trim()}>
            {send.isPending ? t('phone.sending') : t('phone.sendCode')}
          </Button>
        </form>
      ) : phone.verified ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-700">{verify.isSuccess ? t('phone.justVerified') : t('phone.verified', { number: phone.number })}</p>
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            {t('phone.change')}
          </Button>
        </div>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-slate-700">{t('phone.pending', { number: phone.number })}</p>
          <form onSubmit={checkCode} noValidate className="flex flex-col items-start gap-3">
            <TextField
              className="w-full max-w-[12rem]"
              label={t('phone.code')}
              error={verifyError ?? undefined}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
            <Button type="submit" disabled={verify.isPending}>
              {verify.isPending ? t('phone.verifying') : t('phone.verify')}
            </Button>
          </form>
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" size="sm" disabled={send.isPending} onClick={() => send.mutate(phone.number)}>
              {t('phone.resend')}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              {t('phone.change')}
            </Button>
          </div>
          <div aria-live="polite" className="empty:hidden">
            {sendError && <AlertMessage tone="error">{sendError}</AlertMessage>}
          </div>
        </div>
      )}
    </section>
  );
}
