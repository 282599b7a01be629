import type { BaselineOutlookView, EventResult, MemberEvent } from '@peakwise/contracts/events.contract';
import { MAX_MULTIPLIER_AT_TARGETS, pointsFor } from '@peakwise/domain/event-points';
import { ArrowLeft, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BaselineOutlook } from '@/components/events/baseline-outlook';
import { EventOptIn } from '@/components/events/event-opt-in';
import { LiveScorecard } from '@/components/events/live-scorecard';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { ApiError, useQueryScope } from '@/lib/api-client';
import { formatNumber, formatPercent, useIntlLocale } from '@/lib/format';
import { useEventWhenText } from '@/lib/use-event-when';
import { eventsKeys } from './api/events-keys';
import { useEventDetail } from './api/use-event-detail';
import { EventComfortPlan } from './components/event-comfort-plan';
import { EventPlugActions } from './components/event-plug-actions';
import { EventResultPanel } from './components/event-result-panel';
import { EventStackingNote } from './components/event-stacking-note';

// The badge's colours: a running event asks for attention, a settled one is good news.
const BADGE_TONE: Record<MemberEvent['status'], string> = { scheduled: 'neutral', active: 'warning', ended: 'neutral', settled: 'operational', cancelled: 'neutral' };

const linkClass =
  'inline-flex items-center gap-1 text-sm font-medium text-brand-800 underline-offset-4 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

export default function EventPage() {
  const { t } = useTranslation('events');
  const { id = '' } = useParams();
  const query = useEventDetail(id);
  const detail = query.data;
  // 400 is a malformed id in the link: for the member, the same as an event that is not theirs.
  const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);

  return (
    <div className="space-y-6">
      <Link to="/app/dashboard" className={linkClass}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('page.back')}
      </Link>
      {detail ? (
        <EventDetail event={detail.event} result={detail.result} outlook={detail.outlook} />
      ) : notFound ? (
        <>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('eventName')}</h1>
          <EmptyState icon={SearchX} title={t('page.notFound.title')} message={t('page.notFound.message')} />
        </>
      ) : query.isError ? (
        <>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('eventName')}</h1>
          <LoadError
            title={t('page.loadError.title')}
            message={t('page.loadError.message')}
            retryLabel={t('page.loadError.retry')}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        </>
      ) : (
        <div className="relative space-y-4">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('eventName')}</h1>
          <Skeleton className="h-40" />
          <Spinner label={t('page.loading')} className="absolute inset-0 m-auto size-fit" />
        </div>
      )}
    </div>
  );
}

function EventDetail({ event, result, outlook }: { event: MemberEvent; result: EventResult | null; outlook: BaselineOutlookView | null | undefined }) {
  const { t, i18n } = useTranslation('events');
  const { t: tAuto } = useTranslation('eventAutomation');
  const locale = useIntlLocale();
  const scope = useQueryScope();
  const when = useEventWhenText(event);
  const programName = i18n.language.startsWith('fr') && event.programNameFr ? event.programNameFr : event.programName;
  const terms = { targetPercent: event.targetPercent, rewardPoints: event.rewardPoints };
  const maxPercent = event.targetPercent * MAX_MULTIPLIER_AT_TARGETS;

  // Held out at random (decision 100): no terms, points or opt-in to read as something missed.
  if (event.heldOut) {
    return (
      <>
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('eventName')}</h1>
          <p className="mt-1 text-sm text-slate-600">{programName}</p>
        </div>
        <section aria-labelledby="event-held-out-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="event-held-out">
          <p className="text-sm text-slate-600">
            {t('page.windowLabel')}: <span data-testid="event-when">{when}</span>
          </p>
          <h2 id="event-held-out-title" className="mt-3 font-semibold text-slate-900">
            {t('page.heldOut.title')}
          </h2>
          <p className="mt-2 text-sm text-slate-700">{t('page.heldOut.body')}</p>
        </section>
      </>
    );
  }

  return (
    <>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('eventName')}</h1>
        <p className="mt-1 text-sm text-slate-600">{programName}</p>
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-3">
        <section aria-labelledby="event-terms-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm lg:col-span-2">
          <dl className="grid gap-4 sm:grid-cols-2">
            <div>
              <dt className="text-sm font-medium text-slate-600">{t('page.windowLabel')}</dt>
              <dd className="mt-1 text-lg font-semibold text-slate-900" data-testid="event-when">
                {when}
              </dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-slate-600">{t('page.statusLabel')}</dt>
              <dd className="mt-1.5">
                <StatusBadge status={BADGE_TONE[event.status]} label={t(`status.${event.status}`)} />
              </dd>
            </div>
          </dl>
          <h2 id="event-terms-title" className="mt-6 font-semibold text-slate-900">
            {t('page.terms.title')}
          </h2>
          <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm text-slate-700">
            <li>{t('page.terms.target', { percent: formatPercent(event.targetPercent, locale), points: formatNumber(event.rewardPoints, locale, 0) })}</li>
            {/* Past 100 % the top of the curve cannot be reached, so it is not offered. */}
            {maxPercent <= 100 && (
              <li>{t('page.terms.more', { max: formatNumber(pointsFor(maxPercent, terms), locale, 0), maxPercent: formatPercent(maxPercent, locale) })}</li>
            )}
            {event.pointsPerKwh && <li>{t('page.terms.perKwh', { points: formatNumber(event.pointsPerKwh, locale, 0) })}</li>}
            <li>{t('page.terms.baseline')}</li>
            {/* The points above are a promise: a saving within the home's usual swing is paid only once the season proves it (decision 140). */}
            <li>{t('page.terms.held')}</li>
            <li>{t('page.terms.optInNote')}</li>
          </ul>
        </section>

        <section aria-labelledby="event-choice-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="event-choice-title" className="font-semibold text-slate-900">
            {t('page.choiceTitle')}
          </h2>
          {/* Read before the choice: what this home will be scored against, or why it cannot earn. */}
          {outlook && (
            <div className="mt-3">
              <BaselineOutlook event={event} outlook={outlook} variant="page" />
            </div>
          )}
          <EventStackingNote event={event} />
          <EventOptIn event={event} queryKey={eventsKeys.detail(scope, event.id)} className="mt-3" />
          {/* Where a member deciding on one event looks for the standing choice (decision 086). */}
          {!event.optedInAutomatically && (
            <p className="mt-3">
              <Link to="/app/settings/notifications#every-event" className={linkClass}>
                {tAuto('everyEventLink')}
              </Link>
            </p>
          )}
        </section>
      </div>

      <EventComfortPlan event={event} linkClass={linkClass} />
      <LiveScorecard event={event} variant="page" />
      <EventResultPanel event={event} result={result} />
      <EventPlugActions event={event} />
    </>
  );
}
