import { sql } from 'drizzle-orm';
import type { SolarPeriod } from '@peakwise/contracts/energy.contract';
import type { DbOrTx } from '../../db/client';
import { readTogether } from '../../db/read-together';
import { hasSolarSql } from './solar-status.repository';
import { byDate, dailySumsSql, localHourSumsQuery, rangeSumsFromRows, rangeSumsSql, type MeterSums } from './energy-rollups.repository';

export type Span = { from: Date; to: Date };

/** A solar panel of the household with its efficiency over the period (null: it reported none). */
export type PanelEfficiency = { id: string; name: string; status: string; efficiencyPct: number | null };

/**
 * The Solar screen's reads in one round trip: meter totals of the current and previous period,
 * the chart's buckets (local hours from `current.from` to `seriesEnd` for today, else the local
 * `dates`), and the panels' efficiencies.
 */
export async function readSolarSummary(
  db: DbOrTx,
  household: { id: string; timeZone: string },
  period: SolarPeriod,
  spans: { current: Span; previous: Span; dates: string[]; seriesEnd: Date | null },
): Promise<{
  ranges: [MeterSums, MeterSums];
  series: Map<number, MeterSums> | Map<string, MeterSums>;
  panels: PanelEfficiency[];
  meter: { firstReadingAt: Date | null; hasSolar: boolean; productionMeasured: boolean };
}> {
  const { current, previous, dates, seriesEnd } = spans;
  const seriesQuery =
    period === 'today'
      ? localHourSumsQuery(household.id, household.timeZone, current.from, seriesEnd ?? current.from)
      : { sql: dailySumsSql(household.id, dates[0]!, dates[dates.length - 1]!), parse: byDate };
  const read = await readTogether(db, {
    ranges: rangeSumsSql(household.id, household.timeZone, [current, previous]),
    series: seriesQuery.sql,
    panels: panelEfficienciesSql(household.id, period, current, dates),
    meter: meterHistorySql(household.id),
  });
  const meter = read.meter[0] as { first_ts: string | null; solar: boolean; production: boolean } | undefined;
  return {
    ranges: rangeSumsFromRows(read.ranges, 2) as [MeterSums, MeterSums],
    series: seriesQuery.parse(read.series),
    panels: (read.panels as { id: string; name: string; status: string; eff: number | null }[]).map((r) => ({ id: r.id, name: r.name, status: r.status, efficiencyPct: r.eff })),
    meter: { firstReadingAt: meter?.first_ts ? new Date(meter.first_ts) : null, hasSolar: meter?.solar === true, productionMeasured: meter?.production === true },
  };
}

/**
 * When the household's meter first reported (the start of its raw or compacted rows, read off their
 * keys), whether the home has solar by the rule events use too, over any day its meter reported
 * (a few thousand daily rollups at most per household), and whether anything measures its
 * production: a live panel, or a meter that reported some. A Green Button home sees its panels
 * only as export, so its production is unknown, not 0. Columns first_ts, solar, production.
 * Once the raw months past the retention horizon are dropped (decision 124), the hourly rollups,
 * kept for good, go back further: their first hour is then the first reading, so the coverage of
 * an old period is still counted from when the meter started.
 */
const meterHistorySql = (householdId: string) => sql`
  select case when r.first_raw is null or r.first_hour < date_trunc('hour', r.first_raw) then r.first_hour else r.first_raw end as first_ts,
    ${hasSolarSql(sql`${householdId}::uuid`)} as solar,
    (exists (select 1 from devices sd where sd.household_id = ${householdId}::uuid and sd.kind = 'solar_panel' and sd.removed_at is null)
      or exists (select 1 from meter_daily md where md.household_id = ${householdId}::uuid and md.production_kwh > 0)) as production
  from (select (select lo from meter_readings_span(${householdId}::uuid)) as first_raw,
    (select min(hour_start) from meter_hourly where household_id = ${householdId}::uuid) as first_hour) r`;

/**
 * Each live solar panel with its efficiency over the period: the mean of its hourly (today) or
 * daily (week) rollup efficiencies, each weighted by the samples it averages, which equals the
 * mean of the raw samples. Null when the panel reported no efficiency (e.g. only at night).
 * Columns id, name, status, eff.
 */
function panelEfficienciesSql(householdId: string, period: SolarPeriod, span: Span, dates: string[]) {
  // Per panel, through the rollups' (device, bucket) keys: a join against the bucket range alone
  // would read every household's rollups for the period.
  const range =
    period === 'today'
      ? sql`select r.avg_efficiency, r.efficiency_interval_count as w from device_hourly r where r.device_id = d.id and r.hour_start >= ${span.from.toISOString()}::timestamptz and r.hour_start < ${span.to.toISOString()}::timestamptz`
      : sql`select r.avg_efficiency, r.efficiency_interval_count as w from device_daily r where r.device_id = d.id and r.local_date between ${dates[0]!}::date and ${dates[dates.length - 1]!}::date`;
  return sql`
    select d.id, d.name, d.status,
      (select (sum(r.avg_efficiency * r.w) / nullif(sum(r.w), 0))::float8 from (${range}) r where r.avg_efficiency is not null) as eff
    from devices d
    where d.household_id = ${householdId}::uuid and d.kind = 'solar_panel' and d.removed_at is null
    order by d.created_at, d.name`;
}
