import { sql } from 'drizzle-orm';
import { INTERVAL_MS, HOUR_MS } from '@peakwise/domain/time-constants';
import type { EnergyTotals, SolarPeriod, SolarSummary } from '@peakwise/contracts/energy.contract';
import { addDays, localDateOf, localDay, localDatesInRange, localParts, startOfLocalDate, zonedTimeToUtc } from '@peakwise/domain/local-time';
import { netExportKwh, solarSummary as computeSolarSummary } from '@peakwise/domain/solar-metrics';
import { readTogether } from '../../db/read-together';
import type { Household } from '../households/household.service';
import type { DbOrTx } from '../../db/client';
import { byDate, dailySumsSql, expectedIntervals, localHourSumsQuery, rangeSumsFromRows, rangeSumsSql, type MeterSums } from '../usage/meter-rollups.repository';

type Span = { from: Date; to: Date };

/**
 * The current period and the previous equal one. Today runs from local midnight to now, and is
 * compared with yesterday from midnight to the same wall-clock time; the week is the 7 local days
 * ending today, compared with the 7 days before, cut at the same time of day. Both ends are cut
 * at a 5-minute boundary so each side counts only complete intervals.
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
    current: { from: startOfLocalDate(first, timeZone), to: new Date(Math.floor(now.getTime() / INTERVAL_MS) * INTERVAL_MS) },
    previous: { from: startOfLocalDate(addDays(first, -span), timeZone), to: cut(addDays(today, -span)) },
    dates: localDatesInRange(first, today),
  };
}

function totalsOf(sums: MeterSums): EnergyTotals {
  if (sums.intervalCount === 0) return { productionKwh: null, consumptionKwh: null, gridImportKwh: null, gridExportKwh: null, netExportKwh: null };
  return {
    productionKwh: sums.productionKwh,
    consumptionKwh: sums.consumptionKwh,
    gridImportKwh: sums.gridImportKwh,
    gridExportKwh: sums.gridExportKwh,
    netExportKwh: netExportKwh(sums),
  };
}

const bucket = (start: Date, end: Date, now: Date, sums: MeterSums | undefined): SolarSummary['series'][number] => {
  const known = sums !== undefined && sums.intervalCount > 0;
  return {
    start: start.toISOString(),
    productionKwh: known ? sums.productionKwh : null,
    consumptionKwh: known ? sums.consumptionKwh : null,
    coverage: { intervals: sums?.intervalCount ?? 0, expected: expectedIntervals(start, end < now ? end : now) },
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
  const seriesQuery =
    period === 'today'
      ? localHourSumsQuery(household.id, zone, current.from, new Date((lastHour ?? current.from).getTime() + HOUR_MS))
      : { sql: dailySumsSql(household.id, dates[0]!, dates[dates.length - 1]!), parse: byDate };
  const read = await readTogether(db, {
    ranges: rangeSumsSql(household.id, zone, [current, previous]),
    series: seriesQuery.sql,
    panels: panelEfficienciesSql(household.id, period, current, dates),
  });
  const [currentSums, previousSums] = rangeSumsFromRows(read.ranges, 2) as [MeterSums, MeterSums];

  let series: SolarSummary['series'];
  if (period === 'today') {
    // Local hours from midnight through the current hour: 23, 24 or 25 of them on a full day.
    const hours = lastHour ? (seriesQuery.parse(read.series) as Map<number, MeterSums>) : new Map<number, MeterSums>();
    series = hourStarts.map((start) => bucket(start, new Date(start.getTime() + HOUR_MS), now, hours.get(start.getTime())));
  } else {
    const days = seriesQuery.parse(read.series) as Map<string, MeterSums>;
    series = dates.map((date) => {
      const day = localDay(date, zone);
      return bucket(day.start, day.end, now, days.get(date));
    });
  }

  const panels = (read.panels as { id: string; name: string; status: string; eff: number | null }[]).map((r) => ({ id: r.id, name: r.name, status: r.status, efficiencyPct: r.eff }));
  const totals = totalsOf(currentSums);
  const previousTotals = totalsOf(previousSums);
  const metrics = computeSolarSummary(totals, previousTotals, panels.map((p) => p.efficiencyPct));

  return {
    period,
    timeZone: zone,
    from: current.from.toISOString(),
    to: now.toISOString(),
    bucket: period === 'today' ? 'hour' : 'day',
    totals,
    previousTotals,
    productionChangePct: metrics.productionChangePercent,
    consumptionChangePct: metrics.consumptionChangePercent,
    systemHealthPct: metrics.systemHealthPercent,
    // The spec's "panel efficiency" bar and "System Health" card are the same mean.
    panelEfficiencyPct: metrics.systemHealthPercent,
    systemEfficiencyPct: metrics.systemEfficiencyPercent,
    gridIndependencePct: metrics.gridIndependencePercent,
    series,
    panels,
    coverage: { intervals: currentSums.intervalCount, expected: expectedIntervals(current.from, current.to) },
  };
}

/**
 * Each live solar panel with its efficiency over the period: the mean of its hourly (today) or
 * daily (week) rollup efficiencies, weighted by the intervals each covers. Null when the panel
 * reported no efficiency (e.g. only at night). Columns id, name, status, eff.
 */
function panelEfficienciesSql(householdId: string, period: SolarPeriod, span: Span, dates: string[]) {
  // Per panel, through the rollups' (device, bucket) keys: a join against the bucket range alone
  // would read every household's rollups for the period.
  const range =
    period === 'today'
      ? sql`select r.avg_efficiency, r.interval_count from device_hourly r where r.device_id = d.id and r.hour_start >= ${span.from.toISOString()}::timestamptz and r.hour_start < ${span.to.toISOString()}::timestamptz`
      : sql`select r.avg_efficiency, r.interval_count from device_daily r where r.device_id = d.id and r.local_date between ${dates[0]!}::date and ${dates[dates.length - 1]!}::date`;
  return sql`
    select d.id, d.name, d.status,
      (select (sum(r.avg_efficiency * r.interval_count) / nullif(sum(r.interval_count), 0))::float8 from (${range}) r where r.avg_efficiency is not null) as eff
    from devices d
    where d.household_id = ${householdId}::uuid and d.kind = 'solar_panel' and d.removed_at is null
    order by d.created_at, d.name`;
}
