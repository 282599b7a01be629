import { sql } from 'drizzle-orm';
import { rowsOf } from '../../lib/notify';
import type { DbOrTx } from '../households/household.service';

const DAY_MS = 86_400_000;
/** A 24-hour window counts as a day of data when at least half its intervals reported. */
const MIN_WINDOW_INTERVALS = 144;
/** Quality rules compare the last 24 hours with the 30 before. */
export const QUALITY_USUAL_DAYS = 30;

/**
 * A metric summed per 24-hour window counted back from `now`: window 0 is the last 24 hours,
 * 1..30 the days before. Windows with too few readings are left out.
 */
export async function metricSumsByWindow(db: DbOrTx, deviceId: string, metric: string, now: Date): Promise<Map<number, number>> {
  const rows = rowsOf<{ k: number; total: number; n: number }>(
    await db.execute(sql`
      select floor(extract(epoch from (${now.toISOString()}::timestamptz - ts)) / 86400)::int as k, sum((metrics->>${metric})::float8) as total, count(*)::int as n
      from device_readings
      where device_id = ${deviceId}::uuid and metrics ? ${metric}
        and ts > ${new Date(now.getTime() - (QUALITY_USUAL_DAYS + 1) * DAY_MS).toISOString()}::timestamptz and ts <= ${now.toISOString()}::timestamptz
      group by 1`),
  );
  return new Map(rows.filter((r) => Number(r.n) >= MIN_WINDOW_INTERVALS).map((r) => [Number(r.k), Number(r.total)]));
}

/** The median of a metric per 24-hour window counted back from `now`, like metricSumsByWindow. */
export async function metricMediansByWindow(db: DbOrTx, deviceId: string, metric: string, now: Date, minIntervals = 12): Promise<Map<number, number>> {
  const rows = rowsOf<{ k: number; m: number; n: number }>(
    await db.execute(sql`
      select floor(extract(epoch from (${now.toISOString()}::timestamptz - ts)) / 86400)::int as k,
        percentile_disc(0.5) within group (order by (metrics->>${metric})::float8) as m, count(*)::int as n
      from device_readings
      where device_id = ${deviceId}::uuid and metrics ? ${metric}
        and ts > ${new Date(now.getTime() - (QUALITY_USUAL_DAYS + 1) * DAY_MS).toISOString()}::timestamptz and ts <= ${now.toISOString()}::timestamptz
      group by 1`),
  );
  return new Map(rows.filter((r) => Number(r.n) >= minIntervals).map((r) => [Number(r.k), Number(r.m)]));
}
