import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Webhook as WebhookIcon } from 'lucide-react';
import { MAX_WEBHOOK_ENDPOINTS, type Webhook } from '@peakwise/contracts/member-api.contract';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { serverErrorOf } from '@/lib/api-request';
import { useServerErrorText } from '@/lib/server-error-text';
import { listWebhooks, removeWebhook, sendWebhookTest } from '../api/member-api-api';
import { settingsKeys } from '../settings-keys';
import { EVENT_KEYS } from '../member-api-names';
import { AddWebhookDialog } from './add-webhook-dialog';
import { SettingsCard } from './settings-card';
import { WebhookDeliveries } from './webhook-deliveries';

const dangerButton =
  'inline-flex h-11 items-center justify-center gap-2 rounded-xl bg-red-700 px-5 text-sm font-semibold text-white shadow-sm hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:opacity-60';

/** "Webhooks": the member's HTTPS endpoints, a test message, the delivery log, removal (docs/member-api.md). */
export function WebhooksCard() {
  const { t } = useTranslation('memberApi');
  const errorText = useServerErrorText();
  const queryClient = useQueryClient();
  const webhooks = useQuery({ queryKey: settingsKeys.webhooks(), queryFn: listWebhooks });
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Webhook | null>(null);
  const [removeOpen, setRemoveOpen] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string }>();
  const atLimit = (webhooks.data?.length ?? 0) >= MAX_WEBHOOK_ENDPOINTS;
  const test = useMutation({
    mutationFn: (webhook: Webhook) => sendWebhookTest(webhook.id),
    onSuccess: (_result, webhook) => {
      setNotice({ tone: 'success', text: t('webhooks.testQueued') });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.webhookDeliveries(webhook.id) });
    },
    onError: (error) => setNotice({ tone: 'error', text: errorText(serverErrorOf(error), t('webhooks.testFailed')) }),
  });

  return (
    <SettingsCard title={t('webhooks.title')} description={t('webhooks.description')}>
      {webhooks.isPending && (
        <div className="flex justify-center py-6">
          <Spinner label={t('webhooks.loading')} />
        </div>
      )}
      {webhooks.isError && (
        <div role="alert">
          <AlertMessage tone="error">{t('webhooks.loadFailed')}</AlertMessage>
        </div>
      )}
      {webhooks.data && webhooks.data.length === 0 && <p className="text-sm text-slate-600">{t('webhooks.empty')}</p>}
      {webhooks.data && webhooks.data.length > 0 && (
        <ul aria-label={t('webhooks.listLabel')} className="divide-y divide-slate-100">
          {webhooks.data.map((webhook) => (
            <li key={webhook.id} className="py-4 first:pt-0 last:pb-0">
              <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="flex min-w-0 gap-3">
                  <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
                    <WebhookIcon aria-hidden className="size-5" />
                  </span>
                  <div className="min-w-0">
                    <p className="font-mono text-sm font-medium break-all text-slate-900">{webhook.url}</p>
                    <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                      <span
                        className={`rounded-full px-2 py-0.5 text-xs font-semibold ${webhook.status === 'active' ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-800'}`}
                      >
                        {webhook.status === 'active' ? t('webhooks.active') : t('webhooks.failing')}
                      </span>
                      {webhook.events.map((type) => t(`events.${EVENT_KEYS[type]}`)).join(' · ')}
                    </p>
                  </div>
                </div>
                <div className="flex shrink-0 gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t('webhooks.sendTestLabel', { url: webhook.url })}
                    disabled={test.isPending}
                    onClick={() => {
                      setNotice(undefined);
                      test.mutate(webhook);
                    }}
                  >
                    {t('webhooks.sendTest')}
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-haspopup="dialog"
                    aria-label={t('webhooks.removeLabel', { url: webhook.url })}
                    onClick={() => {
                      setNotice(undefined);
                      setRemoving(webhook);
                      setRemoveOpen(true);
                    }}
                  >
                    {t('webhooks.remove')}
                  </Button>
                </div>
              </div>
              <details className="mt-3 sm:ml-12">
                <summary className="cursor-pointer text-sm font-medium text-brand-800">{t('webhooks.deliveries')}</summary>
                <WebhookDeliveries webhookId={webhook.id} url={webhook.url} />
              </details>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-5 flex flex-col gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">{t('webhooks.limit', { max: MAX_WEBHOOK_ENDPOINTS })}</p>
        <Button
          className="shrink-0"
          aria-haspopup="dialog"
          disabled={!webhooks.data || atLimit}
          onClick={() => {
            setNotice(undefined);
            setAdding(true);
          }}
        >
          {t('webhooks.add')}
        </Button>
      </div>
      <div aria-live="polite" className="empty:hidden">
        {notice && (
          <div className="mt-4">
            <AlertMessage tone={notice.tone}>{notice.text}</AlertMessage>
          </div>
        )}
      </div>
      <AddWebhookDialog open={adding} onClose={() => setAdding(false)} />
      <Modal
        open={removeOpen}
        onClose={() => setRemoveOpen(false)}
        placement="center"
        title={t('webhooks.removeTitle')}
        description={removing ? t('webhooks.removeMessage', { url: removing.url }) : undefined}
      >
        {removeOpen && removing && (
          <RemoveConfirmation
            webhook={removing}
            onCancel={() => setRemoveOpen(false)}
            onRemoved={() => {
              setRemoveOpen(false);
              setNotice({ tone: 'success', text: t('webhooks.removed') });
            }}
          />
        )}
      </Modal>
    </SettingsCard>
  );
}

function RemoveConfirmation({ webhook, onCancel, onRemoved }: { webhook: Webhook; onCancel: () => void; onRemoved: () => void }) {
  const { t } = useTranslation('memberApi');
  const { t: ts } = useTranslation('settings');
  const errorText = useServerErrorText();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => removeWebhook(webhook.id),
    onSuccess: () => {
      queryClient.setQueryData<Webhook[]>(settingsKeys.webhooks(), (list) => list?.filter((item) => item.id !== webhook.id));
      void queryClient.invalidateQueries({ queryKey: settingsKeys.webhooks() });
      onRemoved();
    },
  });
  return (
    <div className="space-y-5">
      <div aria-live="polite">{remove.error && <AlertMessage tone="error">{errorText(serverErrorOf(remove.error), t('webhooks.removeFailed'))}</AlertMessage>}</div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {ts('cancel')}
        </Button>
        <button type="button" className={dangerButton} disabled={remove.isPending} onClick={() => remove.mutate()}>
          {remove.isPending ? t('webhooks.removing') : t('webhooks.removeConfirm')}
        </button>
      </div>
    </div>
  );
}
