import type { PointsSummary } from '@peakwise/contracts/events.contract';
import { ArrowDownRight, ArrowUpRight, History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDayMonth, useIntlLocale } from '@/lib/format';
import { useTimeZone } from '@/lib/time-zone';

type Activity = PointsSummary['activity'][number];

const KINDS = ['event_reward', 'event_adjustment', 'redemption', 'cash_out', 'refund'] as const;
type Kind = (typeof KINDS)[number] | 'other';
const kindOf = (kind: string): Kind => ((KINDS as readonly string[]).includes(kind) ? (kind as Kind) : 'other');

/** The newest ledger entries: what was earned (with its event) and what was spent. */
export function PointsActivity({ activity }: { activity: Activity[] }) {
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
      </div>
    </section>
  );
}

function ActivityRow({ entry }: { entry: Activity }) {
  const { t } = useTranslation('rewards');
  const locale = useIntlLocale();
  const timeZone = useTimeZone();
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
        <p className="text-sm font-medium text-slate-900">{t(`activity.kinds.${kindOf(entry.kind)}`)}</p>
        <p className="text-xs text-slate-600">
          <time dateTime={entry.at}>{date}</time>
          {entry.eventId && (
            <>
              {' · '}
              <Link
                to={`/app/events/${encodeURIComponent(entry.eventId)}`}
                className="font-medium text-brand-800 underline-offset-4 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                {t('activity.viewEvent')}
                <span className="sr-only"> {t('activity.viewEventContext', { date })}</span>
              </Link>
            </>
          )}
        </p>
      </div>
      <p className={`text-sm font-semibold tabular-nums ${earned ? 'text-emerald-700' : 'text-slate-800'}`}>
        {amount}
        <span className="sr-only"> ({t(earned ? 'activity.earned' : 'activity.redeemed')})</span>
      </p>
    </li>
  );
}
