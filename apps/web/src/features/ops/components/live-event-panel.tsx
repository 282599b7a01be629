import type { OpsEvent } from '@peakwise/contracts/events.contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { formatKw, formatNumber, formatTime, useIntlLocale } from '@/lib/format';
import { useOpsLiveEvent } from '../api/use-ops';
import { formatEventWindow } from '../event-format';

type Props = { event: OpsEvent; timeZone: string };

/**
 * A running event as the operator watches it: how many homes opted in, report readings and have
 * a baseline, and their summed baseline against actual use per 5 minutes. Refreshes on its own.
 */
export function LiveEventPanel({ event, timeZone }: Props) {
  const { t } = useTranslation('ops');
  const locale = useIntlLocale();
  const titleId = useId();
  const live = useOpsLiveEvent(event.id);
  const data = live.data;
  const latest = data?.intervals.findLast((i) => i.households > 0);

  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-amber-200 bg-amber-50 p-5 shadow-sm sm:p-6" data-testid="ops-live-event">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {t('live.title', { program: event.programName, window: formatEventWindow(event.startsAt, event.endsAt, timeZone, locale) })}
      </h2>
      {data ? (
        <>
          <p className="mt-1 text-sm text-slate-700">{t('live.refreshing', { time: formatTime(data.asOf, timeZone, locale) })}</p>
          <dl className="mt-4 grid gap-4 sm:grid-cols-4">
            <Figure label={t('live.optedIn')} value={formatNumber(data.optedIn, locale, 0)} />
            <Figure label={t('live.reporting')} value={formatNumber(data.reporting, locale, 0)} />
            <Figure label={t('live.withBaseline')} value={formatNumber(data.withBaseline, locale, 0)} />
            <Figure
              label={t('live.latest')}
              value={latest && latest.actualKw !== null ? t('live.latestValue', { baseline: formatKw(latest.baselineKw, locale, 1), actual: formatKw(latest.actualKw, locale, 1) }) : t('live.noIntervals')}
            />
          </dl>
          {data.intervals.length > 0 && (
            <div className="relative mt-4 max-h-80 overflow-auto rounded-lg bg-white" tabIndex={0} aria-labelledby={`${titleId}-caption`}>
              <table className="w-full text-left text-sm">
                <caption id={`${titleId}-caption`} className="p-2 text-left text-sm font-medium text-slate-700">
                  {t('live.table.caption')}
                </caption>
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600">
                    <th scope="col" className="px-2 py-1 font-medium">{t('live.table.time')}</th>
                    <th scope="col" className="px-2 py-1 font-medium">{t('live.table.baseline')}</th>
                    <th scope="col" className="px-2 py-1 font-medium">{t('live.table.actual')}</th>
                    <th scope="col" className="px-2 py-1 font-medium">{t('live.table.households')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.intervals.map((i) => (
                    <tr key={i.startsAt} className="border-b border-slate-100">
                      <th scope="row" className="px-2 py-1 font-normal text-slate-700">{formatTime(i.startsAt, timeZone, locale)}</th>
                      <td className="px-2 py-1 text-slate-900">{formatKw(i.baselineKw, locale, 1)}</td>
                      {/* An interval no home has reported yet is pending, not zero use. */}
                      <td className="px-2 py-1 text-slate-900">{i.actualKw === null ? <span className="text-slate-600 italic">{t('live.pending')}</span> : formatKw(i.actualKw, locale, 1)}</td>
                      <td className="px-2 py-1 text-slate-900">{formatNumber(i.households, locale, 0)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : live.isError ? (
        <div className="mt-3">
          <LoadError title={t('live.error')} message={t('loadFailed.message')} retryLabel={t('loadFailed.retry')} onRetry={() => void live.refetch()} retrying={live.isFetching} />
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-700">{t('live.loading')}</p>
      )}
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-sm font-semibold text-slate-900">{value}</dd>
    </div>
  );
}
