import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { Copy, Download } from 'lucide-react';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { serverErrorOf } from '@/lib/api-request';
import { useServerErrorText } from '@/lib/server-error-text';
import { confirmTwoFactor, enableTwoFactor } from '../api/settings-api';
import { totpSecret } from '../totp-secret';
import { DialogActions } from './dialog-actions';
import { PasswordConfirmForm } from './password-confirm-form';

type Enrolment = { totpURI: string; backupCodes: string[] };

/** Enrolment, in three steps: the password, then the QR code and a first code, then the backup codes. */
export function TwoFactorSetup({ onEnabled, onCancel, onDone }: { onEnabled: () => void; onCancel: () => void; onDone: () => void }) {
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const [confirmed, setConfirmed] = useState(false);
  if (!enrolment) return <PasswordStep onCancel={onCancel} onEnrolled={setEnrolment} />;
  if (!confirmed) {
    return (
      <ScanStep
        totpURI={enrolment.totpURI}
        onCancel={onCancel}
        onConfirmed={() => {
          setConfirmed(true);
          onEnabled();
        }}
      />
    );
  }
  return <BackupCodes codes={enrolment.backupCodes} onDone={onDone} />;
}

function PasswordStep({ onCancel, onEnrolled }: { onCancel: () => void; onEnrolled: (enrolment: Enrolment) => void }) {
  const { t } = useTranslation('settings');
  return (
    <PasswordConfirmForm
      intro={t('security.twoFactor.passwordIntro')}
      submitLabel={t('security.twoFactor.continue')}
      action={enableTwoFactor}
      onConfirmed={onEnrolled}
      onCancel={onCancel}
    />
  );
}

function ScanStep({ totpURI, onCancel, onConfirmed }: { totpURI: string; onCancel: () => void; onConfirmed: () => void }) {
  const { t } = useTranslation('settings');
  const errorText = useServerErrorText();
  const [qr, setQr] = useState<string>();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const confirm = useMutation({ mutationFn: confirmTwoFactor, onSuccess: onConfirmed });
  const secret = totpSecret(totpURI);

  useEffect(() => {
    let live = true;
    // Drawn in the browser: the secret never leaves it for an image service.
    void QRCode.toDataURL(totpURI, { margin: 1, width: 200, errorCorrectionLevel: 'M' }).then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [totpURI]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) return setInvalid(true);
    confirm.mutate(code);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <p className="text-sm text-slate-700">{t('security.twoFactor.scanIntro')}</p>
      <div className="flex flex-col items-center gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-start">
        <div className="size-[200px] shrink-0 rounded-xl bg-white p-2 shadow-sm">
          {qr && <img src={qr} alt={t('security.twoFactor.qrAlt')} width={184} height={184} className="size-full" />}
        </div>
        <div className="min-w-0 text-sm text-slate-700">
          <p>{t('security.twoFactor.manual')}</p>
          <p data-testid="totp-secret" className="mt-2 font-mono text-base font-semibold tracking-wider break-all text-slate-900 select-all">
            {secret}
          </p>
        </div>
      </div>
      <TextField
        label={t('security.twoFactor.code')}
        name="totp"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        required
        value={code}
        error={invalid ? t('security.twoFactor.codeRequired') : undefined}
        onChange={(event) => {
          setCode(event.target.value.replace(/\D/g, ''));
          setInvalid(false);
        }}
        className="max-w-56 [&_input]:font-mono [&_input]:tracking-[0.4em]"
      />
      <div aria-live="polite">
        {confirm.error && <AlertMessage tone="error">{errorText(serverErrorOf(confirm.error), t('security.twoFactor.failed'))}</AlertMessage>}
      </div>
      <DialogActions
        onCancel={onCancel}
        busy={confirm.isPending}
        label={confirm.isPending ? t('security.twoFactor.verifying') : t('security.twoFactor.verify')}
      />
    </form>
  );
}

function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`Peakwise backup codes\n\n${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'peakwise-backup-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="space-y-5">
      <div role="status">
        <AlertMessage tone="success">{t('security.twoFactor.enabled')}</AlertMessage>
      </div>
      <div>
        <h3 className="font-semibold text-slate-900">{t('security.twoFactor.backupTitle')}</h3>
        <p className="mt-1 text-sm text-slate-700">{t('security.twoFactor.backupIntro')}</p>
      </div>
      <ul
        aria-label={t('security.twoFactor.backupList')}
        className="grid grid-cols-2 gap-2 rounded-2xl border border-slate-200 bg-slate-50 p-4 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}
        >
          <Copy aria-hidden className="size-4" />
          {copied ? t('security.twoFactor.copied') : t('security.twoFactor.copy')}
        </Button>
        <Button variant="secondary" onClick={download}>
          <Download aria-hidden className="size-4" />
          {t('security.twoFactor.download')}
        </Button>
        <Button className="sm:ml-auto" onClick={onDone}>
          {t('security.twoFactor.done')}
        </Button>
      </div>
    </div>
  );
}
