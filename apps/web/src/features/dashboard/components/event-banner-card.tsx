import type { BaselineOutlookView, MemberEvent } from '@peakwise/contracts/events.contract';
import { ArrowRight, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BaselineOutlook, outlookCanPay } from '@/components/events/baseline-outlook';
import { EventOptIn } from '@/components/events/event-opt-in';
import { LiveScorecard } from '@/components/events/live-scorecard';
import { useQueryScope } from '@/lib/api-client';
import { formatNumber, useIntlLocale } from '@/lib/format';
import { useEventWhenText } from '@/lib/use-event-when';
import { dashboardKeys } from '../api/dashboard-keys';

/**
 * The next event: when, what it pays this home (its own baseline and target, or why it cannot
 * pay it: decision 098), the opt-in and, while it runs, the live scorecard.
 */
export default function EventBannerCard({ event, outlook }: { event: MemberEvent; outlook?: BaselineOutlookView | null | undefined }) {
  const { t } = useTranslation('events');
  const locale = useIntlLocale();
  const scope = useQueryScope();
  const when = useEventWhenText(event);
  const running = event.status === 'active';
  const headingId = `event-banner-${event.id}`;

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-amber-200 bg-amber-50 p-4 shadow-sm sm:p-5" data-testid="event-banner">
      <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <div className="flex min-w-0 gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-amber-100 text-amber-800">
            <Zap aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id={headingId} className="font-semibold text-slate-900">
                {t('eventName')}
              </h2>
              {running && (
                <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-950">
                  <span aria-hidden="true" className="size-2 rounded-full bg-amber-700" />
                  {t('running')}
                </span>
              )}
            </div>
            <p className="mt-0.5 text-lg font-semibold text-slate-900" data-testid="event-when">
              {when}
            </p>
            {/* The generic promise only where it holds: a home with its own figures gets those, one that cannot earn is told why. */}
            {(running || (outlook?.status !== 'estimate' && outlookCanPay(outlook))) && (
              <p className="mt-1 text-sm text-slate-700">
                {running ? t('runningAsk') : t('ask', { count: event.rewardPoints, points: formatNumber(event.rewardPoints, locale, 0) })}
              </p>
            )}
            {!running && (
              <div className="mt-2">
                <BaselineOutlook event={event} outlook={outlook} variant="banner" />
              </div>
            )}
            {/* Wherever points are promised, so the promise holds for a saving held until the season proves it (decision 140). */}
            {!running && outlookCanPay(outlook) && <p className="mt-1 text-xs text-slate-700">{t('heldNote')}</p>}
            <Link
              to={`/app/events/${encodeURIComponent(event.id)}`}
              className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-brand-800 underline-offset-4 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {t('details')}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </div>
        </div>
        <EventOptIn event={event} queryKey={dashboardKeys.nextEvent(scope)} className="md:max-w-xs md:shrink-0 md:items-end md:text-right" />
      </div>
      <LiveScorecard event={event} variant="banner" />
    </section>
  );
}
