import type { OpsEventImpact } from '@peakwise/contracts/event-holdout.contract';
import type { OpsEvent } from '@peakwise/contracts/events.contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { SelectField } from '@/components/ui/select-field';
import { formatKwh, formatNumber, formatPercent, useIntlLocale } from '@/lib/format';
import { useOpsEventImpact } from '../api/use-ops';
import { formatEventWindow } from '../event-format';

type Props = { events: OpsEvent[]; zoneOf: (event: OpsEvent) => string };

/**
 * What an operator can defend (decision 100): for a settled event, the program's saving measured
 * as called minus held out, per home and in total with its 95 % interval, beside what the
 * baselines say was saved; the gap is the baselines' bias on the real population.
 */
export function EventImpactPanel({ events, zoneOf }: Props) {
  const { t } = useTranslation('ops');
  const locale = useIntlLocale();
  const titleId = useId();
  const [chosen, setChosen] = useState(events[0]?.id ?? '');
  const eventId = events.some((e) => e.id === chosen) ? chosen : (events[0]?.id ?? '');
  const impact = useOpsEventImpact(eventId);
  const label = (e: OpsEvent) => t('impact.eventOption', { program: e.programName, window: formatEventWindow(e.startsAt, e.endsAt, zoneOf(e), locale) });

  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6" data-testid="ops-event-impact">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {t('impact.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('impact.intro')}</p>
      <div className="mt-4 max-w-xl">
        <SelectField label={t('impact.event')} name="impactEvent" value={eventId} options={events.map((e) => ({ value: e.id, label: label(e) }))} onChange={(event) => setChosen(event.target.value)} />
      </div>
      <div className="mt-4" aria-live="polite">
        {impact.data ? (
          <ImpactFigures impact={impact.data} locale={locale} />
        ) : impact.isError ? (
          <LoadError title={t('impact.error')} message={t('loadFailed.message')} retryLabel={t('loadFailed.retry')} onRetry={() => void impact.refetch()} retrying={impact.isFetching} />
        ) : (
          <p className="text-sm text-slate-700">{t('impact.loading')}</p>
        )}
      </div>
    </section>
  );
}

function ImpactFigures({ impact, locale }: { impact: OpsEventImpact; locale: string }) {
  const { t } = useTranslation('ops');
  const kwh = (value: number) => formatKwh(value, locale, 2);
  const homes = (count: number) => t('events.households', { count, formatted: formatNumber(count, locale, 0) });
  const baseline = t('impact.baselineValue', { kwh: kwh(impact.baseline.savedKwh), households: homes(impact.baseline.households) });

  if (impact.status !== 'measured' || !impact.perHousehold || !impact.total) {
    return (
      <>
        <p className="text-sm text-slate-700">{impact.status === 'no_holdout' ? t('impact.noHoldout') : t('impact.tooFew', { called: impact.calledMeasured, heldOut: impact.heldOutMeasured })}</p>
        <dl className="mt-3 grid gap-4 sm:grid-cols-2">
          <Figure label={t('impact.baseline')} value={baseline} />
        </dl>
      </>
    );
  }
  const p = impact.perHousehold;
  return (
    <>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label={t('impact.measuredTotal')} value={t('impact.range', { value: kwh(impact.total.savedKwh), low: kwh(impact.total.low), high: kwh(impact.total.high) })} />
        <Figure label={t('impact.baseline')} value={baseline} />
        <Figure
          label={t('impact.bias')}
          value={
            impact.baselineBiasPercent === null
              ? kwh(impact.baselineBiasKwh ?? 0)
              : t('impact.biasValue', { kwh: kwh(impact.baselineBiasKwh ?? 0), percent: formatPercent(impact.baselineBiasPercent, locale, { digits: 1, signed: true }) })
          }
        />
        <Figure label={t('impact.perHousehold')} value={t('impact.range', { value: kwh(p.differenceKwh), low: kwh(p.low), high: kwh(p.high) })} />
      </dl>
      <p className="mt-3 text-sm text-slate-700">
        {t('impact.groups', {
          called: homes(impact.calledHouseholds),
          calledMeasured: formatNumber(impact.calledMeasured, locale, 0),
          calledMean: kwh(impact.calledMeanKwh ?? 0),
          heldOut: homes(impact.heldOutHouseholds),
          heldOutMeasured: formatNumber(impact.heldOutMeasured, locale, 0),
          heldOutMean: kwh(impact.heldOutMeanKwh ?? 0),
        })}
      </p>
      <p className="mt-1 text-sm text-slate-600">{t('impact.method', { percent: formatPercent(impact.holdoutPercent, locale), seed: impact.seed ?? '' })}</p>
    </>
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
