import { sql, type SQL } from 'drizzle-orm';
import { INTERVAL_MS, HOUR_MS } from '@peakwise/domain/time-constants';
import { localDaysInRange, startOfLocalHour, utcOffsetMs, type LocalDate } from '@peakwise/domain/local-time';
import { rowsOf } from '../../db/rows';
import type { DbOrTx } from '../../db/client';

/**
 * Reads of the household meter's rollups for the energy screens. Long ranges read daily rows
 * (local days), partial days read UTC-hour rows, and only the sub-hour edges of a range touch raw
 * 5-minute rows (at most 11 per edge), so no screen scans raw readings for more than an hour.
 */

export type MeterSums = {
  productionKwh: number;
  consumptionKwh: number;
  gridImportKwh: number;
  gridExportKwh: number;
  /** 5-minute intervals the sums cover; 0 = no data. */
  intervalCount: number;
};

export const EMPTY_SUMS: MeterSums = { productionKwh: 0, consumptionKwh: 0, gridImportKwh: 0, gridExportKwh: 0, intervalCount: 0 };

export function addSums(a: MeterSums, b: MeterSums): MeterSums {
  return {
    productionKwh: a.productionKwh + b.productionKwh,
    consumptionKwh: a.consumptionKwh + b.consumptionKwh,
    gridImportKwh: a.gridImportKwh + b.gridImportKwh,
    gridExportKwh: a.gridExportKwh + b.gridExportKwh,
    intervalCount: a.intervalCount + b.intervalCount,
  };
}

/** Complete 5-minute intervals in [from, to): what a fully reporting meter would have sent. */
export function expectedIntervals(from: Date | number, to: Date | number): number {
  return Math.max(0, Math.floor((Number(to) - Number(from)) / INTERVAL_MS));
}

type SumRow = { p: number; c: number; i: number; e: number; n: number };
const toSums = (r: SumRow): MeterSums => ({ productionKwh: r.p, consumptionKwh: r.c, gridImportKwh: r.i, gridExportKwh: r.e, intervalCount: r.n });

/** meter_daily rows for local dates first..last (inclusive): columns d, p, c, i, e, n. */
export const dailySumsSql = (householdId: string, first: LocalDate, last: LocalDate) => sql`
  select local_date::text as d, production_kwh as p, consumption_kwh as c, grid_import_kwh as i, grid_export_kwh as e, interval_count as n
  from meter_daily where household_id = ${householdId}::uuid and local_date between ${first}::date and ${last}::date`;

/** meter_hourly rows (UTC hours) starting in [from, to): columns ms, p, c, i, e, n. */
export const hourlySumsSql = (householdId: string, from: Date, to: Date) => sql`
  select (extract(epoch from hour_start) * 1000)::float8 as ms, production_kwh as p, consumption_kwh as c, grid_import_kwh as i, grid_export_kwh as e, interval_count as n
  from meter_hourly where household_id = ${householdId}::uuid and hour_start >= ${from.toISOString()}::timestamptz and hour_start < ${to.toISOString()}::timestamptz`;

/** Raw 5-minute rows in [from, to): columns ms, p, c, i, e, n. Callers keep ranges short. */
export const rawSumsSql = (householdId: string, from: Date, to: Date) => sql`
  select (extract(epoch from ts) * 1000)::float8 as ms, production_kwh as p, consumption_kwh as c, grid_import_kwh as i, grid_export_kwh as e, 1 as n
  from meter_readings_in(${householdId}::uuid, ${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)`;

/** Rows of dailySumsSql keyed by date. */
export const byDate = (rows: readonly unknown[]) => new Map((rows as (SumRow & { d: string })[]).map((r) => [r.d, toSums(r)]));
/** Rows of hourlySumsSql or rawSumsSql keyed by start (ms). */
export const byStart = (rows: readonly unknown[]) => new Map((rows as (SumRow & { ms: number })[]).map((r) => [r.ms, toSums(r)]));

/** meter_daily rows for local dates first..last (inclusive), keyed by date. */
export async function dailySums(db: DbOrTx, householdId: string, first: LocalDate, last: LocalDate): Promise<Map<LocalDate, MeterSums>> {
  return byDate(rowsOf(await db.execute(dailySumsSql(householdId, first, last))));
}

/** meter_hourly rows (UTC hours) starting in [from, to), keyed by hour start (ms). */
export async function hourlySums(db: DbOrTx, householdId: string, from: Date, to: Date): Promise<Map<number, MeterSums>> {
  if (!(to.getTime() > from.getTime())) return new Map();
  return byStart(rowsOf(await db.execute(hourlySumsSql(householdId, from, to))));
}

/** Raw 5-minute rows in [from, to), keyed by interval start (ms). Callers keep ranges short. */
export async function rawSums(db: DbOrTx, householdId: string, from: Date, to: Date): Promise<Map<number, MeterSums>> {
  if (!(to.getTime() > from.getTime())) return new Map();
  return byStart(rowsOf(await db.execute(rawSumsSql(householdId, from, to))));
}

const ceilHour = (ms: number) => Math.ceil(ms / HOUR_MS) * HOUR_MS;
const floorHour = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;

/** Which rows cover a range: whole local days, whole UTC hours, and raw rows for the rest. */
type RangeParts = { days: { first: LocalDate; last: LocalDate } | null; hours: [number, number][]; raw: [number, number][] };

function hourParts(from: number, to: number, parts: RangeParts) {
  if (!(to > from)) return;
  const hs = ceilHour(from);
  const he = floorHour(to);
  if (hs >= he) {
    parts.raw.push([from, to]);
    return;
  }
  if (hs > from) parts.raw.push([from, hs]);
  parts.hours.push([hs, he]);
  if (to > he) parts.raw.push([he, to]);
}

function rangeParts(timeZone: string, from: Date, to: Date): RangeParts {
  const parts: RangeParts = { days: null, hours: [], raw: [] };
  const fullDays = localDaysInRange(from, to, timeZone).filter((d) => d.start >= from && d.end <= to);
  const first = fullDays[0];
  const last = fullDays[fullDays.length - 1];
  if (!first || !last) {
    hourParts(from.getTime(), to.getTime(), parts);
    return parts;
  }
  parts.days = { first: first.date, last: last.date };
  hourParts(from.getTime(), first.start.getTime(), parts);
  hourParts(last.end.getTime(), to.getTime(), parts);
  return parts;
}

const isoAt = (ms: number) => new Date(ms).toISOString();

/**
 * Meter totals over any [from, to): whole local days inside it from daily rollups, whole UTC
 * hours from hourly rollups, the rest from raw rows. Exact in every zone (half-hour zones only
 * shift which edges are read raw).
 */
export async function rangeSums(db: DbOrTx, householdId: string, timeZone: string, from: Date, to: Date): Promise<MeterSums> {
  const [sums] = await rangeSumsMany(db, householdId, timeZone, [{ from, to }]);
  return sums!;
}

/** rangeSums for several ranges in one statement (one round trip instead of up to seven each). */
export async function rangeSumsMany(db: DbOrTx, householdId: string, timeZone: string, ranges: readonly { from: Date; to: Date }[]): Promise<MeterSums[]> {
  return rangeSumsFromRows(rowsOf(await db.execute(rangeSumsSql(householdId, timeZone, ranges))), ranges.length);
}

/** The statement behind rangeSumsMany: one row per range index k with data (columns k, p, c, i, e, n). */
export function rangeSumsSql(householdId: string, timeZone: string, ranges: readonly { from: Date; to: Date }[]) {
  const h = sql`${householdId}::uuid`;
  const selects = ranges.flatMap(({ from, to }, k) => {
    const parts = rangeParts(timeZone, from, to);
    return [
      ...(parts.days
        ? [sql`select ${k}::int, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, interval_count
            from meter_daily where household_id = ${h} and local_date between ${parts.days.first}::date and ${parts.days.last}::date`]
        : []),
      ...parts.hours.map(
        ([a, b]) => sql`select ${k}::int, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, interval_count
          from meter_hourly where household_id = ${h} and hour_start >= ${isoAt(a)}::timestamptz and hour_start < ${isoAt(b)}::timestamptz`,
      ),
      ...parts.raw.map(
        ([a, b]) => sql`select ${k}::int, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, 1
          from meter_readings_in(${h}, ${isoAt(a)}::timestamptz, ${isoAt(b)}::timestamptz)`,
      ),
    ];
  });
  if (selects.length === 0) return sql`select null::int as k, 0::float8 as p, 0::float8 as c, 0::float8 as i, 0::float8 as e, 0 as n where false`;
  return sql`
    select k, sum(p)::float8 as p, sum(c)::float8 as c, sum(i)::float8 as i, sum(e)::float8 as e, sum(n)::int as n
    from (${sql.join(selects, sql` union all `)}) as parts(k, p, c, i, e, n) group by k`;
}

export function rangeSumsFromRows(rows: readonly unknown[], count: number): MeterSums[] {
  const result = Array.from({ length: count }, () => EMPTY_SUMS);
  for (const row of rows as (SumRow & { k: number })[]) result[row.k] = toSums(row);
  return result;
}

/**
 * Hourly rollups are UTC hours. They are the household's local hours wherever the UTC offset is
 * a whole number of hours (every served province); in a half-hour zone (Newfoundland) local
 * hours are built from raw rows instead.
 */
export function localHoursAreUtcHours(timeZone: string, from: Date, to: Date): boolean {
  return [from, to].every((instant) => utcOffsetMs(instant, timeZone) % HOUR_MS === 0);
}

/**
 * Sums per local clock hour for the hours starting in [from, to) (from on a local hour), keyed
 * by the hour's UTC start. Hours without data are absent.
 */
export async function localHourSums(db: DbOrTx, householdId: string, timeZone: string, from: Date, to: Date): Promise<Map<number, MeterSums>> {
  if (!(to.getTime() > from.getTime())) return new Map();
  const query = localHourSumsQuery(householdId, timeZone, from, to);
  return query.parse(rowsOf(await db.execute(query.sql)));
}

/** The statement behind localHourSums and how to read its rows (for readTogether). */
export function localHourSumsQuery(householdId: string, timeZone: string, from: Date, to: Date): { sql: SQL; parse(rows: readonly unknown[]): Map<number, MeterSums> } {
  if (localHoursAreUtcHours(timeZone, from, to)) return { sql: hourlySumsSql(householdId, from, to), parse: byStart };
  // Half-hour zone: a day of raw rows at most (the callers ask for today or the last 24 hours).
  return {
    sql: rawSumsSql(householdId, from, new Date(to.getTime() + HOUR_MS)),
    parse: (rows) => {
      const byHour = new Map<number, MeterSums>();
      for (const [ms, sums] of byStart(rows)) {
        const hour = startOfLocalHour(new Date(ms), timeZone).getTime();
        if (hour >= to.getTime()) continue;
        byHour.set(hour, addSums(byHour.get(hour) ?? EMPTY_SUMS, sums));
      }
      return byHour;
    },
  };
}
