import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy, TriangleAlert } from 'lucide-react';
import { INGEST_TOKEN_LABEL_MAX, MAX_HOUSEHOLD_INGEST_TOKENS, type CreatedIngestToken } from '@peakwise/contracts/ingest-token.contract';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { ApiRequestError, serverErrorOf } from '@/lib/api-request';
import { useServerErrorText } from '@/lib/server-error-text';
import { createIngestToken } from '../api/ingest-tokens-api';
import { settingsKeys } from '../settings-keys';
import { DialogActions } from './dialog-actions';

/**
 * Names a new household token, then shows it once with where to use it. The token lives only in
 * this dialog's state: closing it forgets the token for good.
 */
export function CreateMeterTokenDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const [created, setCreated] = useState<CreatedIngestToken | null>(null);
  const close = () => {
    onClose();
    setCreated(null);
  };
  return (
    <Modal
      open={open}
      onClose={close}
      placement="center"
      title={created ? t('meterTokens.revealTitle') : t('meterTokens.createTitle')}
      description={created ? undefined : t('meterTokens.createIntro')}
    >
      {open && (created ? <TokenReveal created={created} onDone={close} /> : <CreateTokenForm onCancel={close} onCreated={setCreated} />)}
    </Modal>
  );
}

function CreateTokenForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (created: CreatedIngestToken) => void }) {
  const { t } = useTranslation('settings');
  const errorText = useServerErrorText();
  const queryClient = useQueryClient();
  const [label, setLabel] = useState('');
  const [invalid, setInvalid] = useState(false);
  const create = useMutation({
    mutationFn: createIngestToken,
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: settingsKeys.ingestTokens() });
      onCreated(result);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = label.trim();
    if (trimmed.length === 0 || trimmed.length > INGEST_TOKEN_LABEL_MAX) {
      setInvalid(true);
      return;
    }
    create.mutate(trimmed);
  };

  const failure = (error: unknown) => {
    const code = error instanceof ApiRequestError ? error.code : undefined;
    if (code === 'too_many_ingest_tokens') return t('meterTokens.tooMany', { max: MAX_HOUSEHOLD_INGEST_TOKENS });
    if (code === 'validation_failed') return t('meterTokens.labelInvalid', { max: INGEST_TOKEN_LABEL_MAX });
    return errorText(serverErrorOf(error), t('meterTokens.createFailed'));
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <TextField
        label={t('meterTokens.label')}
        hint={t('meterTokens.labelHint', { max: INGEST_TOKEN_LABEL_MAX })}
        error={invalid ? t('meterTokens.labelInvalid', { max: INGEST_TOKEN_LABEL_MAX }) : undefined}
        name="label"
        autoComplete="off"
        maxLength={INGEST_TOKEN_LABEL_MAX}
        required
        data-autofocus
        value={label}
        onChange={(event) => {
          setLabel(event.target.value);
          setInvalid(false);
        }}
      />
      <div aria-live="polite">{create.error && <AlertMessage tone="error">{failure(create.error)}</AlertMessage>}</div>
      <DialogActions onCancel={onCancel} busy={create.isPending} label={create.isPending ? t('meterTokens.submitting') : t('meterTokens.submit')} />
    </form>
  );
}

function TokenReveal({ created, onDone }: { created: CreatedIngestToken; onDone: () => void }) {
  const { t, i18n } = useTranslation('settings');
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const [copyJwt, setCopyJwt] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copyValue = (value: string, set: (state: 'copied' | 'failed') => void) => {
    // Undefined outside a secure context (plain http on a LAN address): say so, the value stays selectable.
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (clipboard) clipboard.writeText(value).then(() => set('copied'), () => set('failed'));
    else set('failed');
  };
  const copyToken = () => copyValue(created.token, setCopy);
  // On NATS in operator mode the MQTT password is a JWT of over 2,000 characters (decision 132): it
  // gets its own copy button and a box that scrolls, and the hint says it, not the token, is the password.
  const jwt = created.mqttPasswordKind === 'jwt' && created.mqttPassword !== undefined ? created.mqttPassword : null;
  // A gateway on the home network talks to the address the member reached Peakwise at.
  const endpoint = new URL(created.httpEndpoint, window.location.origin).toString();
  const details = [
    ['mqttUsername', created.mqttUsername],
    ['mqttMeterTopic', created.mqttMeterTopic],
    ['mqttTopicPrefix', created.mqttTopicPrefix],
    ['httpEndpoint', endpoint],
  ] as const;

  return (
    <div className="space-y-5">
      <p className="flex gap-2.5 rounded-xl border border-amber-300 bg-amber-50 px-3.5 py-3 text-sm font-medium text-amber-900">
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
        {t('meterTokens.revealWarning')}
      </p>
      <div>
        <dl className="text-sm">
          <dt className="font-medium text-slate-700">{t('meterTokens.tokenFor', { label: created.label ?? t('meterTokens.unnamed') })}</dt>
          <dd className="mt-1.5 rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900 select-all">{created.token}</dd>
        </dl>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {/* The form that had focus is gone: focus goes to the one thing to do next. */}
          <Button variant="secondary" autoFocus onClick={copyToken}>
            <Copy aria-hidden className="size-4" />
            {t('meterTokens.copy')}
          </Button>
          <span role="status" className="text-sm text-slate-700">
            {copy === 'copied' ? t('meterTokens.copied') : copy === 'failed' ? t('meterTokens.copyFailed') : ''}
          </span>
        </div>
      </div>
      <div>
        <h3 className="font-semibold text-slate-900">{t('meterTokens.connection')}</h3>
        <dl className="mt-2 space-y-3 text-sm">
          {jwt !== null ? (
            <div>
              <dt className="font-medium text-slate-700">{t('meterTokens.mqttPasswordJwt')}</dt>
              <dd className="mt-1">
                <span tabIndex={0} role="region" aria-label={t('meterTokens.mqttPasswordJwt')} className="block max-h-24 overflow-y-auto rounded-lg bg-slate-100 px-3 py-2 font-mono text-xs break-all text-slate-900 select-all focus-visible:outline-2 focus-visible:outline-brand-600">
                  {jwt}
                </span>
                <div className="mt-2 flex flex-wrap items-center gap-3">
                  <Button variant="secondary" size="sm" onClick={() => copyValue(jwt, setCopyJwt)}>
                    <Copy aria-hidden className="size-4" />
                    {t('meterTokens.copyJwt')}
                  </Button>
                  <span role="status" className="text-sm text-slate-700">
                    {copyJwt === 'copied' ? t('meterTokens.copiedJwt') : copyJwt === 'failed' ? t('meterTokens.copyFailed') : ''}
                  </span>
                </div>
              </dd>
            </div>
          ) : null}
          {details.map(([key, value]) => (
            <div key={key}>
              <dt className="font-medium text-slate-700">{t(`meterTokens.${key}`)}</dt>
              <dd className="mt-1 rounded-lg bg-slate-100 px-3 py-2 font-mono text-xs break-all text-slate-900 select-all">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-slate-600">{jwt !== null ? t('meterTokens.connectionHintJwt', { length: new Intl.NumberFormat(i18n.language).format(jwt.length) }) : t('meterTokens.connectionHint')}</p>
      </div>
      <div className="flex justify-end">
        <Button onClick={onDone}>{t('meterTokens.done')}</Button>
      </div>
    </div>
  );
}
