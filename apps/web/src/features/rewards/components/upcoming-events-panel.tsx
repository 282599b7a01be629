import type { BaselineOutlookView, MemberEvent } from '@peakwise/contracts/events.contract';
import { MAX_MULTIPLIER_AT_TARGETS, MAX_REWARD_MULTIPLIER } from '@peakwise/domain/event-points';
import { CalendarClock, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { outlookCanPay } from '@/components/events/baseline-outlook';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumber, useIntlLocale } from '@/lib/format';
import { useEventWhenText } from '@/lib/use-event-when';
import { useUpcomingEvents } from '../api/use-upcoming-events';

const LINK_CLASSES = 'font-medium text-brand-800 underline-offset-4 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** The events ahead of the member's home, each with what it could earn (docs/decisions/029-event-baseline-and-points.md). */
export function UpcomingEventsPanel() {
  const { t } = useTranslation('rewards');
  const query = useUpcomingEvents();
  return (
    <section aria-labelledby="upcoming-events-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="upcoming-events-title" className="font-semibold text-slate-900">
        {t('upcoming.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('upcoming.intro')}</p>
      {/* Each row promises points: a saving within the home's usual swing is paid only once the season proves it (decision 140). */}
      <p className="mt-1 text-xs text-slate-600">{t('upcoming.heldNote')}</p>
      <div className="mt-4">
        {query.data ? (
          query.data.events.length === 0 ? (
            <EmptyState icon={CalendarClock} title={t('upcoming.emptyTitle')} message={t('upcoming.emptyMessage')} />
          ) : (
            <ul className="divide-y divide-slate-100" data-testid="upcoming-events">
              {query.data.events.map((event) => (
                <UpcomingEventRow key={event.id} event={event} outlook={query.data.outlooks?.[event.id]} />
              ))}
            </ul>
          )
        ) : query.isError ? (
          <LoadError title={t('upcoming.loadFailed')} message={t('error.message')} retryLabel={t('error.retry')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : (
          <div role="status">
            <span className="sr-only">{t('upcoming.loading')}</span>
            <Skeleton className="h-24" />
          </div>
        )}
      </div>
    </section>
  );
}

function UpcomingEventRow({ event, outlook }: { event: MemberEvent; outlook: BaselineOutlookView | undefined }) {
  const { t } = useTranslation('rewards');
  const locale = useIntlLocale();
  const when = useEventWhenText(event);
  const points = (n: number) => t('points', { count: n, points: formatNumber(n, locale, 0) });
  // Points follow the cut (decision 029): the reward at the target, twice it at three targets.
  const earn = t('upcoming.couldEarn', {
    points: points(event.rewardPoints),
    max: points(event.rewardPoints * MAX_REWARD_MULTIPLIER),
    target: formatNumber(event.targetPercent, locale, 0),
    maxTarget: formatNumber(event.targetPercent * MAX_MULTIPLIER_AT_TARGETS, locale, 0),
  });
  const state = event.status === 'active' ? t('upcoming.live') : event.optedIn ? t('upcoming.optedIn') : t('upcoming.notOptedIn');

  return (
    <li className="flex items-start gap-3 py-3" data-testid="upcoming-event">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-amber-50 text-amber-800">
        <Zap aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-900">{when}</p>
        {/* No promise the home cannot keep (decision 098): the event's page says what it lacks. */}
        <p className="text-sm text-slate-700" data-testid="could-earn">
          {outlookCanPay(outlook) ? earn : t('upcoming.cannotEarn')}
        </p>
        <p className="text-xs text-slate-600">
          <span className={event.optedIn || event.status === 'active' ? 'font-medium text-emerald-800' : undefined}>{state}</span>
          {' · '}
          <Link to={`/app/events/${encodeURIComponent(event.id)}`} className={LINK_CLASSES}>
            {t('upcoming.view')}
            <span className="sr-only"> {t('upcoming.viewContext', { date: when })}</span>
          </Link>
        </p>
      </div>
    </li>
  );
}
