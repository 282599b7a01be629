import type { RewardOrder } from '@peakwise/contracts/rewards.contract';
import { Package } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDayMonth, formatNumber, useIntlLocale } from '@/lib/format';
import { useTimeZone } from '@/lib/time-zone';
import { orderAnchor } from '../order-anchor';
import { useLocalized } from '../use-localized';

const STATUS_STYLE: Record<RewardOrder['status'], string> = {
  ordered: 'bg-amber-50 text-amber-800',
  shipped: 'bg-sky-50 text-sky-800',
  delivered: 'bg-emerald-50 text-emerald-800',
  fulfilled: 'bg-emerald-50 text-emerald-800',
};

/** What the member redeemed: codes to use, and where a shipped item is. */
export function OrderList({ orders }: { orders: RewardOrder[] }) {
  const { t } = useTranslation('rewards');
  return (
    <section aria-labelledby="reward-orders-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="reward-orders-title" className="font-semibold text-slate-900">
        {t('orders.title')}
      </h2>
      <div className="mt-4">
        {orders.length === 0 ? (
          <EmptyState icon={Package} title={t('orders.title')} message={t('orders.empty')} />
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="reward-orders">
            {orders.map((order) => (
              <OrderRow key={order.id} order={order} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function OrderRow({ order }: { order: RewardOrder }) {
  const { t } = useTranslation('rewards');
  const locale = useIntlLocale();
  const timeZone = useTimeZone();
  const localized = useLocalized();
  const a = order.shippingAddress;
  const anchor = orderAnchor(order.id);
  const { hash } = useLocation();
  const row = useRef<HTMLLIElement>(null);
  const target = hash === `#${anchor}`;
  // Reached from an activity entry's link: bring the order into view and give it focus, since
  // the router changes the hash without scrolling.
  useEffect(() => {
    if (!target || !row.current) return;
    row.current.scrollIntoView?.({ block: 'center' });
    row.current.focus({ preventScroll: true });
  }, [target]);
  return (
    <li
      ref={row}
      id={anchor}
      tabIndex={-1}
      className={`flex flex-col gap-1.5 py-3 focus:outline-none sm:flex-row sm:items-start sm:justify-between ${target ? 'rounded-lg bg-brand-50/60 px-2' : ''}`}
    >
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-900">{localized(order.name)}</p>
        <p className="text-xs text-slate-600">
          <time dateTime={order.createdAt}>{formatDayMonth(order.createdAt, timeZone, locale)}</time>
          {' · '}
          {t('orders.points', { points: formatNumber(order.points, locale, 0) })}
          {order.quantity > 1 && ` · ${t('orders.quantity', { count: order.quantity })}`}
        </p>
        {order.code && (
          <p className="mt-1 text-sm text-slate-700">
            {t('orders.code')}: <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-900 select-all" data-testid="order-code">{order.code}</code>
          </p>
        )}
        {order.tracking && <p className="mt-1 text-xs text-slate-600">{t('orders.tracking', { tracking: order.tracking })}</p>}
        {a && <p className="mt-1 text-xs text-slate-600">{t('orders.shipTo', { address: [a.name, a.line1, a.line2, a.city, a.province, a.postalCode].filter(Boolean).join(', ') })}</p>}
      </div>
      <span className={`self-start rounded-full px-2.5 py-0.5 text-xs font-medium ${STATUS_STYLE[order.status]}`}>{t(`orders.status.${order.status}`)}</span>
    </li>
  );
}
