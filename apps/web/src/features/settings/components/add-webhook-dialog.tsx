import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX, type CreatedWebhook, type WebhookEventType } from '@peakwise/contracts/member-api.contract';
import { AlertMessage } from '@/components/ui/alert-message';
import { Checkbox } from '@/components/ui/checkbox';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { ApiRequestError, serverErrorOf } from '@/lib/api-request';
import { useServerErrorText } from '@/lib/server-error-text';
import { createWebhook } from '../api/member-api-api';
import { settingsKeys } from '../settings-keys';
import { EVENT_KEYS } from '../member-api-names';
import { DialogActions } from './dialog-actions';
import { SecretReveal } from './secret-reveal';

/** Registers an endpoint for some kinds of message, then shows its signing secret once. */
export function AddWebhookDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('memberApi');
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const close = () => {
    onClose();
    setCreated(null);
  };
  return (
    <Modal open={open} onClose={close} placement="center" title={created ? t('webhooks.revealTitle') : t('webhooks.addTitle')} description={created ? undefined : t('webhooks.addIntro')}>
      {open &&
        (created ? (
          <SecretReveal
            warning={t('webhooks.revealWarning')}
            term={t('webhooks.secretFor', { url: created.url })}
            secret={created.secret}
            copyLabel={t('webhooks.copy')}
            copiedText={t('webhooks.copied')}
            copyFailedText={t('webhooks.copyFailed')}
            doneLabel={t('webhooks.done')}
            onDone={close}
          />
        ) : (
          <AddWebhookForm onCancel={close} onCreated={setCreated} />
        ))}
    </Modal>
  );
}

function AddWebhookForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (created: CreatedWebhook) => void }) {
  const { t } = useTranslation('memberApi');
  const errorText = useServerErrorText();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [invalid, setInvalid] = useState<{ url?: boolean; events?: boolean }>({});
  const create = useMutation({
    mutationFn: createWebhook,
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: settingsKeys.webhooks() });
      onCreated(result);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = url.trim();
    // The server has the last word (https only, localhost only in development); this catches the obvious.
    const problems = { url: !/^https?:\/\/\S+$/i.test(trimmed) || trimmed.length > WEBHOOK_URL_MAX, events: events.length === 0 };
    setInvalid(problems);
    if (problems.url || problems.events) return;
    create.mutate({ url: trimmed, events });
  };

  const failure = (error: unknown) => {
    if (!(error instanceof ApiRequestError)) return t('webhooks.addFailed');
    if (error.code === 'too_many_webhooks') return t('webhooks.tooMany', { max: MAX_WEBHOOK_ENDPOINTS });
    if (error.code === 'validation_failed') return t('webhooks.urlInvalid');
    return errorText(serverErrorOf(error), t('webhooks.addFailed'));
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <TextField
        label={t('webhooks.url')}
        hint={t('webhooks.urlHint')}
        error={invalid.url ? t('webhooks.urlInvalid') : undefined}
        name="url"
        type="url"
        inputMode="url"
        autoComplete="off"
        maxLength={WEBHOOK_URL_MAX}
        required
        data-autofocus
        value={url}
        onChange={(event) => {
          setUrl(event.target.value);
          setInvalid((was) => ({ ...was, url: false }));
        }}
      />
      <fieldset aria-describedby={invalid.events ? 'webhook-events-error' : undefined}>
        <legend className="text-sm font-medium text-slate-800">{t('webhooks.eventsLegend')}</legend>
        <div className="mt-2 space-y-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <Checkbox
              key={type}
              label={`${t(`events.${EVENT_KEYS[type]}`)} (${type})`}
              checked={events.includes(type)}
              onChange={(event) => {
                const on = event.target.checked;
                setEvents((was) => (on ? [...was, type] : was.filter((e) => e !== type)));
                setInvalid((was) => ({ ...was, events: false }));
              }}
            />
          ))}
        </div>
        {invalid.events && (
          <p id="webhook-events-error" className="mt-2 text-sm text-red-700">
            {t('webhooks.eventsInvalid')}
          </p>
        )}
      </fieldset>
      <div aria-live="polite">{create.error && <AlertMessage tone="error">{failure(create.error)}</AlertMessage>}</div>
      <DialogActions onCancel={onCancel} busy={create.isPending} label={create.isPending ? t('webhooks.submitting') : t('webhooks.submit')} />
    </form>
  );
}
