import type { OpsFulfilmentOrder } from '@peakwise/contracts/rewards.contract';
import { Package } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { formatDayMonth, useIntlLocale } from '@/lib/format';
import { useDeliverOrder, useFulfilmentQueue, useShipOrder, type QueueStatus } from './api/use-ops-rewards';
import { RefusalList } from './ops/refusal-list';

const CARD = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';
const HEAD = 'py-2 pr-4 font-medium whitespace-nowrap';
const CELL = 'py-3 pr-4 align-top';
const STATUSES: QueueStatus[] = ['ordered', 'shipped', 'delivered'];

/** Physical orders to ship (/ops/fulfilment): ordered → shipped with tracking → delivered. */
export default function OpsFulfilmentPage() {
  const { t } = useTranslation('rewards');
  const [status, setStatus] = useState<QueueStatus>('ordered');
  const queue = useFulfilmentQueue(status);
  const ship = useShipOrder();
  const deliver = useDeliverOrder();

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader title={t('console.fulfilment.title')} intro={t('console.fulfilment.intro')} />
      <section aria-label={t('console.fulfilment.title')} className={CARD}>
        <SelectField
          className="max-w-xs"
          label={t('console.fulfilment.status')}
          value={status}
          onChange={(e) => setStatus(e.target.value as QueueStatus)}
          options={STATUSES.map((s) => ({ value: s, label: t(`orders.status.${s}`) }))}
        />
        <div aria-live="polite" className="mt-4 empty:hidden">
          {ship.isError && <RefusalList error={ship.error} />}
          {deliver.isError && <RefusalList error={deliver.error} />}
        </div>
        <div className="mt-4">
          {queue.isPending ? (
            <Spinner label={t('console.loading')} />
          ) : queue.isError ? (
            <LoadError title={t('orders.loadFailed')} message={t('error.message')} retryLabel={t('error.retry')} onRetry={() => void queue.refetch()} retrying={queue.isFetching} />
          ) : queue.data.length === 0 ? (
            <EmptyState icon={Package} title={t('console.fulfilment.title')} message={t('console.fulfilment.empty')} />
          ) : (
            <div className="relative overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="border-b border-slate-200 text-slate-600">
                  <tr>
                    <th scope="col" className={HEAD}>{t('console.fulfilment.columns.order')}</th>
                    <th scope="col" className={HEAD}>{t('console.fulfilment.columns.member')}</th>
                    <th scope="col" className={HEAD}>{t('console.fulfilment.columns.address')}</th>
                    <th scope="col" className={HEAD}>{t('console.fulfilment.columns.placed')}</th>
                    <th scope="col" className={HEAD}>{t('console.fulfilment.columns.tracking')}</th>
                    <th scope="col" className={HEAD}>{t('console.fulfilment.columns.actions')}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {queue.data.map((order) => (
                    <OrderRow key={order.id} order={order} onShip={(tracking, carrier) => ship.mutate({ id: order.id, tracking, carrier })} onDeliver={() => deliver.mutate(order.id)} busy={ship.isPending || deliver.isPending} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      </section>
    </div>
  );
}

function OrderRow({ order, onShip, onDeliver, busy }: { order: OpsFulfilmentOrder; onShip: (tracking: string, carrier?: string) => void; onDeliver: () => void; busy: boolean }) {
  const { t } = useTranslation('rewards');
  const locale = useIntlLocale();
  const [tracking, setTracking] = useState('');
  const [carrier, setCarrier] = useState('');
  const a = order.shippingAddress;
  const shortId = order.id.slice(0, 8);
  return (
    <tr>
      <td className={CELL}>
        <p className="font-medium text-slate-900">{order.name.en}</p>
        <p className="font-mono text-xs text-slate-600">{shortId}</p>
      </td>
      <td className={CELL}>{order.memberEmail}</td>
      <td className={CELL}>{a ? [a.name, a.line1, a.line2, a.city, a.province, a.postalCode].filter(Boolean).join(', ') : '—'}</td>
      <td className={CELL}>
        <time dateTime={order.createdAt}>{formatDayMonth(order.createdAt, 'America/Toronto', locale)}</time>
      </td>
      <td className={CELL}>
        {order.status === 'ordered' ? (
          <div className="space-y-2">
            <TextField label={t('console.fulfilment.carrierLabel', { id: shortId })} hideLabel placeholder={t('console.fulfilment.carrierPlaceholder')} value={carrier} maxLength={40} onChange={(e) => setCarrier(e.target.value)} className="w-40" />
            <TextField label={t('console.fulfilment.trackingLabel', { id: shortId })} hideLabel placeholder={t('console.fulfilment.trackingPlaceholder')} value={tracking} maxLength={64} onChange={(e) => setTracking(e.target.value)} className="w-40" />
          </div>
        ) : (
          [order.carrier, order.tracking].filter(Boolean).join(' · ')
        )}
      </td>
      <td className={CELL}>
        {order.status === 'ordered' && (
          <Button size="sm" disabled={busy} onClick={() => onShip(tracking.trim(), carrier.trim() || undefined)}>
            {t('console.fulfilment.ship')}
          </Button>
        )}
        {order.status === 'shipped' && (
          <Button size="sm" disabled={busy} onClick={onDeliver}>
            {t('console.fulfilment.deliver')}
          </Button>
        )}
      </td>
    </tr>
  );
}
