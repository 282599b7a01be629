import { sql } from 'drizzle-orm';
import { HOUR_MS } from '@peakwise/domain/time-constants';
import type { SolarPeriod } from '@peakwise/contracts/energy.contract';
import type { DbOrTx } from '../../db/client';
import { readTogether } from '../../db/read-together';
import { rowsOf } from '../../db/rows';
import { hasSolarSql } from './solar-status.repository';
import { byDate, dailySumsSql, localHourSumsQuery, rangeSumsFromRows, rangeSumsSql, type MeterSums } from './energy-rollups.repository';

export type Span = { from: Date; to: Date };

/** A solar panel of the household with its efficiency over the period (null: it reported none). */
export type PanelEfficiency = { id: string; name: string; status: string; efficiencyPct: number | null };

/**
 * The Solar screen's reads in one round trip: meter totals of the current and previous period,
 * the chart's buckets (local hours from `current.from` to `seriesEnd` for today, else the local
 * `dates`), and the panels' efficiencies. `meter.firstReadingAt` is the meter's first reading when
 * it may lie inside the current period (a second, short read for a meter whose first hour ends
 * after the period starts); otherwise the start of its first hour, which lies before the period
 * just as the reading does, all the screen asks of it.
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
  const meter = read.meter[0] as { first_hour: string | null; solar: boolean; production: boolean } | undefined;
  const firstHour = meter?.first_hour ? new Date(meter.first_hour) : null;
  const firstReadingAt = firstHour && firstHour.getTime() + HOUR_MS > current.from.getTime() ? await firstReadingOfHour(db, household.id, firstHour) : firstHour;
  return {
    ranges: rangeSumsFromRows(read.ranges, 2) as [MeterSums, MeterSums],
    series: seriesQuery.parse(read.series),
    panels: (read.panels as { id: string; name: string; status: string; eff: number | null }[]).map((r) => ({ id: r.id, name: r.name, status: r.status, efficiencyPct: r.eff })),
    meter: { firstReadingAt, hasSolar: meter?.solar === true, productionMeasured: meter?.production === true },
  };
}

/**
 * The start of the hour of the household meter's first reading, whether the home has solar by the
 * rule events use too, over any day its meter reported (a few thousand daily rollups at most per
 * household), and whether anything measures its production: a live panel, or a meter that
 * reported some. A Green Button home sees its panels only as export, so its production is
 * unknown, not 0. Columns first_hour, solar, production.
 *
 * The first hour comes from the hourly rollups (decision 136): the writer keeps an hour's row with
 * every reading it stores, and neither compaction nor retention (decision 124) removes one, so the
 * meter's first hour holds its first reading, and still stands for it once retention has dropped
 * the readings: the coverage of an old period is counted from when the meter started. Before,
 * `meter_readings_span` (not inlined: planned against every month partition on each call, and
 * called three times) was nearly all of this statement's execution.
 */
const meterHistorySql = (householdId: string) => sql`
  select (select min(hour_start) from meter_hourly where household_id = ${householdId}::uuid) as first_hour,
    ${hasSolarSql(sql`${householdId}::uuid`)} as solar,
    (exists (select 1 from devices sd where sd.household_id = ${householdId}::uuid and sd.kind = 'solar_panel' and sd.removed_at is null)
      or exists (select 1 from meter_daily md where md.household_id = ${householdId}::uuid and md.production_kwh > 0)) as production`;

/**
 * The meter's first reading inside its first hour (raw or compacted); the hour's start when
 * retention has dropped that hour's readings. Its own statement: joined into the screen's, the
 * hour's bounds are known only when it runs, so every read would plan every month partition.
 */
async function firstReadingOfHour(db: DbOrTx, householdId: string, hour: Date): Promise<Date> {
  const [row] = rowsOf<{ ms: number | null }>(
    await db.execute(sql`select (extract(epoch from min(ts)) * 1000)::float8 as ms
      from meter_readings_in(${householdId}::uuid, ${hour.toISOString()}::timestamptz, ${new Date(hour.getTime() + HOUR_MS).toISOString()}::timestamptz)`),
  );
  return row?.ms == null ? hour : new Date(Number(row.ms));
}

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
