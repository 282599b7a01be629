import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { listWebhookDeliveries } from '../api/member-api-api';
import { relativeTime } from '../relative-time';
import { settingsKeys } from '../settings-keys';
import { eventKeyOf } from '../member-api-names';

const STATUS_TONE = { succeeded: 'bg-emerald-50 text-emerald-800', pending: 'bg-amber-50 text-amber-900', failed: 'bg-red-50 text-red-800' } as const;

/** An endpoint's latest deliveries: what was sent, how its last attempt went, when the next one is. */
export function WebhookDeliveries({ webhookId, url }: { webhookId: string; url: string }) {
  const { t, i18n } = useTranslation('memberApi');
  const deliveries = useQuery({ queryKey: settingsKeys.webhookDeliveries(webhookId), queryFn: () => listWebhookDeliveries(webhookId) });
  const language = i18n.resolvedLanguage ?? 'en';
  const now = new Date();
  const eventName = (type: string) => {
    const key = eventKeyOf(type);
    return key ? t(`events.${key}`) : type;
  };

  return (
    <div className="mt-2 space-y-3">
      {deliveries.isPending && <Spinner label={t('webhooks.deliveries')} />}
      {deliveries.isError && <AlertMessage tone="error">{t('webhooks.deliveriesFailed')}</AlertMessage>}
      {deliveries.data && deliveries.data.length === 0 && <p className="text-sm text-slate-600">{t('webhooks.noDeliveries')}</p>}
      {deliveries.data && deliveries.data.length > 0 && (
        <ul aria-label={t('webhooks.deliveriesLabel', { url })} className="divide-y divide-slate-100 rounded-xl border border-slate-200">
          {deliveries.data.map((delivery) => (
            <li key={delivery.id} className="flex flex-col gap-1 px-3 py-2 text-sm sm:flex-row sm:items-center sm:justify-between">
              <span className="font-medium text-slate-900">{eventName(delivery.type)}</span>
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-700">
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[delivery.status]}`}>{t(`webhooks.status.${delivery.status}`)}</span>
                <span>
                  {delivery.lastDurationMs === null
                    ? t('webhooks.notTried')
                    : delivery.lastStatusCode === null
                      ? t('webhooks.noAnswer', { ms: delivery.lastDurationMs })
                      : t('webhooks.answer', { code: delivery.lastStatusCode, ms: delivery.lastDurationMs })}
                </span>
                <span>{t('webhooks.attempts', { count: delivery.attempts })}</span>
                <span>{relativeTime(delivery.lastAttemptAt ?? delivery.createdAt, now, language)}</span>
                {delivery.nextAttemptAt && <span>{t('webhooks.nextAttempt', { time: relativeTime(delivery.nextAttemptAt, now, language) })}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Button variant="secondary" size="sm" onClick={() => void deliveries.refetch()}>
        {t('webhooks.refresh')}
      </Button>
    </div>
  );
}
