import type { PointsSummary } from '@peakwise/contracts/events.contract';
import { ArrowDownRight, ArrowUpRight, History } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDayMonth, formatNumber, useIntlLocale } from '@/lib/format';
import { useTimeZone } from '@/lib/time-zone';
import { orderAnchor } from '../order-anchor';
import { useLocalized } from '../use-localized';

type Activity = PointsSummary['activity'][number];

// event_release: an event's points held until the member's season proved its cuts, paid (decision 140).
const KINDS = ['event_reward', 'event_release', 'event_adjustment', 'redemption', 'cash_out', 'refund'] as const;
type Kind = (typeof KINDS)[number] | 'other';
const kindOf = (kind: string): Kind => ((KINDS as readonly string[]).includes(kind) ? (kind as Kind) : 'other');
// Kinds of the payouts half of Rewards (decisions 041, 042), named in its own namespace.
const PAYOUT_KINDS = ['prize', 'monthly_bonus', 'adjustment'] as const;
type PayoutKind = (typeof PAYOUT_KINDS)[number];
const isPayoutKind = (kind: string): kind is PayoutKind => (PAYOUT_KINDS as readonly string[]).includes(kind);

const LINK_CLASSES = 'font-medium text-brand-800 underline-offset-4 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** Ledger entries, newest first: what was earned (with its event) and what was spent (with its item and order), each with the balance it left. */
export function PointsActivity({ activity, footer }: { activity: Activity[]; footer?: ReactNode }) {
  const { t } = useTranslation('rewards');
  return (
    <section aria-labelledby="points-activity-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="points-activity-title" className="font-semibold text-slate-900">
        {t('activity.title')}
      </h2>
      <div className="mt-4">
        {activity.length === 0 ? (
          <EmptyState icon={History} title={t('activity.emptyTitle')} message={t('activity.emptyMessage')} />
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="points-activity">
            {activity.map((entry) => (
              <ActivityRow key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
        {footer}
      </div>
    </section>
  );
}

function ActivityRow({ entry }: { entry: Activity }) {
  const { t } = useTranslation('rewards');
  const { t: tp } = useTranslation('payouts');
  const locale = useIntlLocale();
  const timeZone = useTimeZone();
  const localized = useLocalized();
  // Spending shows as a negative amount on the member's account.
  const earned = entry.amount >= 0;
  const Icon = earned ? ArrowUpRight : ArrowDownRight;
  const date = formatDayMonth(entry.at, timeZone, locale);
  const amount = new Intl.NumberFormat(locale, { signDisplay: 'exceptZero' }).format(entry.amount);

  return (
    <li className="flex items-center gap-3 py-3">
      <span className={`flex size-9 shrink-0 items-center justify-center rounded-lg ${earned ? 'bg-emerald-50 text-emerald-700' : 'bg-slate-100 text-slate-700'}`}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-900">
          {entry.item ? t('activity.redeemedItem', { item: localized(entry.item) }) : isPayoutKind(entry.kind) ? tp(`activity.kinds.${entry.kind}`) : t(`activity.kinds.${kindOf(entry.kind)}`)}
        </p>
        <p className="text-xs text-slate-600">
          <time dateTime={entry.at}>{date}</time>
          {entry.eventId && (
            <>
              {' · '}
              <Link to={`/app/events/${encodeURIComponent(entry.eventId)}`} className={LINK_CLASSES}>
                {t('activity.viewEvent')}
                <span className="sr-only"> {t('activity.viewEventContext', { date })}</span>
              </Link>
            </>
          )}
          {entry.orderId && entry.kind === 'redemption' && (
            <>
              {' · '}
              <Link to={{ pathname: '/app/rewards', hash: orderAnchor(entry.orderId) }} className={LINK_CLASSES}>
                {t('activity.viewOrder')}
                <span className="sr-only"> {t('activity.viewOrderContext', { date })}</span>
              </Link>
            </>
          )}
          {entry.reason && <> · {entry.reason}</>}
        </p>
      </div>
      <div className="text-right">
        <p className={`text-sm font-semibold tabular-nums ${earned ? 'text-emerald-700' : 'text-slate-800'}`}>
          {amount}
          <span className="sr-only"> ({t(earned ? 'activity.earned' : 'activity.redeemed')})</span>
        </p>
        <p className="text-xs tabular-nums text-slate-600">{tp('activity.balanceAfter', { points: formatNumber(entry.balanceAfter, locale, 0) })}</p>
      </div>
    </li>
  );
}
