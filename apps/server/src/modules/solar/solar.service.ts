import { INTERVAL_MS, HOUR_MS } from '@peakwise/domain/time-constants';
import type { EnergyTotals, SolarPeriod, SolarSummary } from '@peakwise/contracts/energy.contract';
import { addDays, localDateOf, localDay, localDatesInRange, localParts, startOfLocalDate, zonedTimeToUtc } from '@peakwise/domain/local-time';
import { netExportKwh, solarSummary as computeSolarSummary } from '@peakwise/domain/solar-metrics';
import { completedIntervalsEnd, todaySoFar } from '@peakwise/domain/today-so-far';
import type { Household } from '../households/household.repository';
import type { DbOrTx } from '../../db/client';
import { expectedIntervals, type MeterSums } from '../energy/energy-rollups.repository';
import { readSolarSummary, type Span } from '../energy/energy-solar.repository';

/**
 * The current period and the previous equal one. Today is `todaySoFar` (local midnight to the
 * start of the interval in progress, the Dashboard's "consumed today" too), compared with
 * yesterday from midnight to the same wall-clock time; the week is the 7 local days ending today,
 * compared with the 7 days before, cut at the same time of day. Both ends are cut at a 5-minute
 * boundary so each side counts only complete intervals.
 */
export function solarPeriods(period: SolarPeriod, timeZone: string, now: Date): { current: Span; previous: Span; dates: string[] } {
  const today = localDateOf(now, timeZone);
  const back = period === 'today' ? 0 : 6;
  const first = addDays(today, -back);
  const clock = localParts(now, timeZone);
  const cut = (date: string) => {
    const at = zonedTimeToUtc(date, clock.hour, clock.minute, timeZone).getTime() + clock.second * 1000;
    return new Date(Math.floor(at / INTERVAL_MS) * INTERVAL_MS);
  };
  const span = back + 1;
  return {
    current: period === 'today' ? todaySoFar(now, timeZone) : { from: startOfLocalDate(first, timeZone), to: completedIntervalsEnd(now) },
    previous: { from: startOfLocalDate(addDays(first, -span), timeZone), to: cut(addDays(today, -span)) },
    dates: localDatesInRange(first, today),
  };
}

/**
 * A home without solar has no production, export or exchange to report (decision 087); a solar
 * home whose production nothing measures (its panels show only as export) has no production.
 */
function totalsOf(sums: MeterSums, hasSolar: boolean, productionMeasured: boolean): EnergyTotals {
  if (sums.intervalCount === 0) return { productionKwh: null, consumptionKwh: null, gridImportKwh: null, gridExportKwh: null, netExportKwh: null };
  return {
    productionKwh: hasSolar && productionMeasured ? sums.productionKwh : null,
    consumptionKwh: sums.consumptionKwh,
    gridImportKwh: sums.gridImportKwh,
    gridExportKwh: hasSolar ? sums.gridExportKwh : null,
    netExportKwh: hasSolar ? netExportKwh(sums) : null,
  };
}

/**
 * Intervals expected in [from, to): none before the meter's first reading. The hours before a
 * member signed up, or before their meter was connected, are not missing readings; a home whose
 * meter has never reported expects none.
 */
function expectedSince(firstReadingAt: Date | null, from: Date, to: Date): number {
  if (firstReadingAt === null) return 0;
  return expectedIntervals(firstReadingAt > from ? firstReadingAt : from, to);
}

const bucket = (start: Date, end: Date, now: Date, sums: MeterSums | undefined, measured: boolean, firstReadingAt: Date | null): SolarSummary['series'][number] => {
  const known = sums !== undefined && sums.intervalCount > 0;
  return {
    start: start.toISOString(),
    productionKwh: known && measured ? sums.productionKwh : null,
    consumptionKwh: known ? sums.consumptionKwh : null,
    coverage: { intervals: sums?.intervalCount ?? 0, expected: expectedSince(firstReadingAt, start, end < now ? end : now) },
  };
};

/** Solar System Monitor for the member's household: totals, changes, ratios, chart and panels. */
export async function solarSummary(db: DbOrTx, household: Household, period: SolarPeriod, now = new Date()): Promise<SolarSummary> {
  const zone = household.timeZone;
  const { current, previous, dates } = solarPeriods(period, zone, now);
  // Totals of both periods, the chart's buckets and the panels: one round trip.
  const hourStarts: Date[] = [];
  if (period === 'today') for (let t = current.from.getTime(); t < now.getTime(); t += HOUR_MS) hourStarts.push(new Date(t));
  const lastHour = hourStarts[hourStarts.length - 1];
  const seriesEnd = period === 'today' ? new Date((lastHour ?? current.from).getTime() + HOUR_MS) : null;
  const read = await readSolarSummary(db, household, period, { current, previous, dates, seriesEnd });
  const [currentSums, previousSums] = read.ranges;
  const { panels, meter } = read;
  // One rule with the events' comparison group: a live panel, or a meter that has reported
  // production or export (a Green Button home's panels show only as export).
  const hasSolar = meter.hasSolar;
  const measured = hasSolar && meter.productionMeasured;
  const first = meter.firstReadingAt;

  let series: SolarSummary['series'];
  if (period === 'today') {
    // Local hours from midnight through the current hour: 23, 24 or 25 of them on a full day.
    const hours = lastHour ? (read.series as Map<number, MeterSums>) : new Map<number, MeterSums>();
    series = hourStarts.map((start) => bucket(start, new Date(start.getTime() + HOUR_MS), now, hours.get(start.getTime()), measured, first));
  } else {
    const days = read.series as Map<string, MeterSums>;
    series = dates.map((date) => {
      const day = localDay(date, zone);
      return bucket(day.start, day.end, now, days.get(date), measured, first);
    });
  }

  const totals = totalsOf(currentSums, hasSolar, measured);
  const previousTotals = totalsOf(previousSums, hasSolar, measured);
  const metrics = computeSolarSummary(totals, previousTotals, panels.map((p) => p.efficiencyPct), hasSolar);

  return {
    period,
    timeZone: zone,
    from: current.from.toISOString(),
    to: now.toISOString(),
    bucket: period === 'today' ? 'hour' : 'day',
    hasSolar,
    productionMeasured: measured,
    totals,
    previousTotals,
    productionChangePct: metrics.productionChangePercent,
    consumptionChangePct: metrics.consumptionChangePercent,
    systemHealthPct: metrics.systemHealthPercent,
    // The spec's "panel efficiency" bar and "System Health" card are the same mean.
    panelEfficiencyPct: metrics.systemHealthPercent,
    systemEfficiencyPct: metrics.systemEfficiencyPercent,
    // Without production the meter's "consumption" is only what came from the grid, so the share
    // not drawn from it would read 0 % whatever the panels cover.
    gridIndependencePct: measured ? metrics.gridIndependencePercent : null,
    series,
    panels,
    coverage: { intervals: currentSums.intervalCount, expected: expectedSince(first, current.from, current.to) },
  };
}
