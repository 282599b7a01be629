import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { DbOrTx } from '../../db/client';
import { DAY_MS } from '@peakwise/domain/time-constants';

/** A day of pump starts needs at least half its intervals: a half-reported day undercounts. */
export const MIN_COUNT_INTERVALS = 144;
/** A median needs only an hour of readings to say what the stream was doing. */
export const MIN_LEVEL_INTERVALS = 12;
/** Quality rules compare the last 24 hours with the 30 before. */
export const QUALITY_USUAL_DAYS = 30;

/** How each 24-hour window is summarised: counts add up (pump starts), levels take the median (resolution). */
const AGGREGATES = {
  sum: (metric: string) => sql`sum((metrics->>${metric})::float8)`,
  median: (metric: string) => sql`percentile_disc(0.5) within group (order by (metrics->>${metric})::float8)`,
};

/**
 * A metric per 24-hour window counted back from `now`: window 0 is the last 24 hours, 1..30 the
 * days before. Windows with fewer than `minIntervals` readings are left out.
 */
export async function metricByWindow(
  db: DbOrTx,
  deviceId: string,
  metric: string,
  now: Date,
  options: { aggregate: keyof typeof AGGREGATES; minIntervals: number },
): Promise<Map<number, number>> {
  const rows = rowsOf<{ k: number; v: number; n: number }>(
    await db.execute(sql`
      select floor(extract(epoch from (${now.toISOString()}::timestamptz - ts)) / 86400)::int as k, ${AGGREGATES[options.aggregate](metric)} as v, count(*)::int as n
      from device_readings_in(${deviceId}::uuid, ${new Date(now.getTime() - (QUALITY_USUAL_DAYS + 1) * DAY_MS).toISOString()}::timestamptz, ${now.toISOString()}::timestamptz + interval '1 microsecond')
      where metrics ? ${metric} and ts > ${new Date(now.getTime() - (QUALITY_USUAL_DAYS + 1) * DAY_MS).toISOString()}::timestamptz
      group by 1`),
  );
  return new Map(rows.filter((r) => Number(r.n) >= options.minIntervals).map((r) => [Number(r.k), Number(r.v)]));
}
