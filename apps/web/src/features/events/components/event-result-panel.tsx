import type { EventResult, MemberEvent } from '@peakwise/contracts/events.contract';
import { AlertCircle, CalendarDays, CheckCircle2, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LineChart } from '@/components/charts/line-chart';
import { formatDateTime, formatKwh, formatLocalDate, formatNumber, formatPercent, useIntlLocale } from '@/lib/format';
import { eventChartPoints } from '../event-chart-data';
import { EventResultExplanation } from './event-result-explanation';
import { EventResultProof } from './event-result-proof';

// Baseline in slate, the member's use in green: both above 3:1 against white.
const BASELINE = '#475569';
const ACTUAL = '#047857';

type Props = { event: MemberEvent; result: EventResult | null };

/** What an event earned the member and how it was worked out, or why it could not be. */
export function EventResultPanel({ event, result }: Props) {
  const { t } = useTranslation('events');
  const locale = useIntlLocale();

  let body: ReactNode;
  if (!result) {
    if (event.status === 'scheduled' || event.status === 'active' || event.status === 'cancelled') return null;
    // Settled without a result for this home: it was not opted in.
    body = <p className="text-sm text-slate-700">{t(event.status === 'settled' && !event.optedIn ? 'result.notTakingPart' : 'result.pending')}</p>;
  } else if (result.outcome === 'settled') {
    body = <SettledResult event={event} result={result} />;
  } else {
    body = <UnscoredResult result={result} />;
  }

  return (
    <section aria-labelledby="event-result-title" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="event-result-title" className="text-lg font-semibold text-slate-900">
          {t('result.title')}
        </h2>
        {result && <p className="text-xs text-slate-600">{t('result.calculated', { time: formatDateTime(result.settledAt, event.timeZone, locale) })}</p>}
      </div>
      {body}
    </section>
  );
}

function SettledResult({ event, result }: { event: MemberEvent; result: EventResult }) {
  const { t } = useTranslation('events');
  const locale = useIntlLocale();
  const target = formatPercent(event.targetPercent, locale);
  const saved = result.reductionKwh >= 0;
  // Held or lapsed points are what the event earned, not what reached the balance (decision 140).
  const status = result.proof?.status;
  // Settled again for fewer points than were paid: the payment stands and is what the figure shows.
  const kept = result.proof?.keptPoints;
  const pointsLabel = kept !== undefined ? 'result.pointsKept' : status === 'held' ? 'result.pointsHeld' : status === 'lapsed' ? 'result.pointsLapsed' : 'result.points';
  const pointsDetail =
    kept !== undefined
      ? t('result.pointsKeptDetail', { now: t('scorecard.pointsValue', { count: result.points, points: formatNumber(result.points, locale, 0) }) })
      : status === 'held'
        ? t('result.pointsHeldDetail')
        : status === 'lapsed'
          ? t('result.pointsLapsedDetail')
          : undefined;

  return (
    <div className="space-y-5">
      <p className={`flex items-center gap-2 text-sm font-medium ${result.targetMet ? 'text-brand-800' : 'text-slate-700'}`}>
        {result.targetMet ? <CheckCircle2 aria-hidden="true" className="size-5 shrink-0" /> : <XCircle aria-hidden="true" className="size-5 shrink-0 text-slate-500" />}
        {t(result.targetMet ? 'result.metTarget' : 'result.missedTarget', { percent: target })}
      </p>
      <dl className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        <Figure label={t(pointsLabel)} value={formatNumber(kept ?? result.points, locale, 0)} detail={pointsDetail} />
        <Figure label={t('result.baseline')} value={formatKwh(result.baselineKwh, locale, 2)} />
        <Figure label={t('result.actual')} value={formatKwh(result.actualKwh, locale, 2)} />
        <Figure
          label={t('result.reduction')}
          value={formatPercent(result.reductionPercent, locale)}
          detail={t(saved ? 'result.reductionDetail' : 'result.increaseDetail', { kwh: formatKwh(Math.abs(result.reductionKwh), locale, 2) })}
        />
      </dl>
      {result.kwhPay && result.kwhPay.points > 0 && (
        <p className="text-sm text-slate-700">
          {t('result.kwhPay', { points: formatNumber(result.kwhPay.points, locale, 0), kwh: formatKwh(result.kwhPay.kwhBeyondTarget, locale, 2), rate: formatNumber(result.kwhPay.pointsPerKwh, locale, 0) })}
        </p>
      )}
      {result.proof && <EventResultProof event={event} result={result} proof={result.proof} />}
      <EventResultExplanation event={event} result={result} />
      {/* Results stored before the adjustment's reason was kept still show its factor. */}
      {!result.adjustmentStatus && <Adjustment factor={result.adjustmentFactor} />}
      {/* Scored from the event day's own hours (decision 144), it had no days of complete readings to list. */}
      {!result.baselineFromEventDay && <BaselineDays days={result.baselineDays} title={t('result.daysTitle')} />}
      <IntervalChart result={result} />
    </div>
  );
}

/** One headline figure of the result; a term and its value, so each reads as a pair. */
function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tracking-tight text-slate-900 tabular-nums">{value}</dd>
      {detail && <dd className="mt-1 text-xs text-slate-600">{detail}</dd>}
    </div>
  );
}

function Adjustment({ factor }: { factor: number | null }) {
  const { t } = useTranslation('events');
  const locale = useIntlLocale();
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">{t('result.adjustmentTitle')}</h3>
      <p className="mt-1 text-sm text-slate-700">
        {/* A factor of exactly 1 changes nothing: saying "multiplied by 1" would read as a mistake. */}
        {factor === null || factor === 1 ? t('result.noAdjustment') : t('result.adjustment', { factor: formatNumber(factor, locale, 2) })}
      </p>
    </div>
  );
}

function BaselineDays({ days, title }: { days: string[]; title: string }) {
  const { t } = useTranslation('events');
  const locale = useIntlLocale();
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {days.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">{t('result.noDaysFound')}</p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2" data-testid="baseline-days">
          {days.map((day) => (
            <li key={day} className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-800">
              <CalendarDays aria-hidden="true" className="size-3.5 text-slate-500" />
              <time dateTime={day}>{formatLocalDate(day, locale, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' })}</time>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function IntervalChart({ result }: { result: EventResult }) {
  const { t } = useTranslation('events');
  const locale = useIntlLocale();
  if (result.intervals.length === 0) return null;
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">{t('result.chart.title')}</h3>
      <div className="mt-3">
        <LineChart
          data={eventChartPoints(result, locale, (time) => t('result.chart.repeatedHour', { time }))}
          series={[
            { name: t('result.chart.baseline'), color: BASELINE },
            { name: t('result.chart.actual'), color: ACTUAL },
          ]}
          summary={t('result.chart.summary', { baseline: formatKwh(result.baselineKwh, locale, 2), actual: formatKwh(result.actualKwh, locale, 2) })}
          xLabel={t('result.chart.time')}
          unit="kWh"
          formatValue={(v) => formatKwh(v, locale, 3)}
          formatTick={(v) => formatNumber(v, locale, v % 1 === 0 ? 0 : 2)}
          minLabelSpacing={64}
        />
      </div>
    </div>
  );
}

function UnscoredResult({ result }: { result: EventResult }) {
  const { t } = useTranslation('events');
  const insufficient = result.outcome === 'insufficient_data';
  const reason =
    result.reason === 'insufficient_history'
      ? t('result.noBaseline.insufficientHistory')
      : result.reason === 'event_crosses_midnight'
        ? t('result.noBaseline.crossesMidnight')
        : t('result.noBaseline.other');
  return (
    <div className="space-y-4">
      <div className="flex gap-2.5 rounded-xl border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-950">
        <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div>
          <p className="font-semibold">{t(insufficient ? 'result.insufficientData.title' : 'result.noBaseline.title')}</p>
          <p className="mt-1">{insufficient ? t('result.insufficientData.body') : reason}</p>
          {insufficient && (result.missingIntervals ?? 0) > 0 && <p className="mt-1">{t('explain.missingIntervals', { count: result.missingIntervals })}</p>}
        </div>
      </div>
      {/* With no baseline, the days that were found are what the member can check against their own records. */}
      {!insufficient && result.baselineDays.length > 0 && <BaselineDays days={result.baselineDays} title={t('result.daysFoundTitle')} />}
    </div>
  );
}
