import { sql } from 'drizzle-orm';
import { INTERVALS_PER_HOUR, type ImperfectHour } from '@peakwise/domain/reliability';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { uuidArray } from '../../lib/pg-array';

export type HourSpan = { first: number; last: number };

/**
 * What MTBF/MTTR need from the hourly device rollups in [from, to): each device's first and last
 * reporting hour, and only the hours that missed intervals (including the hours with no row at
 * all between two that have one).
 */
export async function reportingHours(db: DbOrTx, deviceIds: readonly string[], from: Date, to: Date): Promise<{ spans: Map<string, HourSpan>; missed: Map<string, ImperfectHour[]> }> {
  const range = sql`device_id = any(${uuidArray(deviceIds)}::uuid[]) and hour_start >= ${from.toISOString()}::timestamptz and hour_start < ${to.toISOString()}::timestamptz`;
  const spans = rowsOf<{ id: string; first: number; last: number }>(
    await db.execute(sql`
      select device_id::text as id, (extract(epoch from min(hour_start)) * 1000)::float8 as first, (extract(epoch from max(hour_start)) * 1000)::float8 as last
      from device_hourly where ${range} group by device_id`),
  );
  const imperfect = rowsOf<{ id: string; ms: number; missing: number }>(
    await db.execute(sql`
      with h as (
        select device_id, hour_start, interval_count, lag(hour_start) over (partition by device_id order by hour_start) as prev
        from device_hourly where ${range}
      )
      select device_id::text as id, (extract(epoch from hour_start) * 1000)::float8 as ms, ${INTERVALS_PER_HOUR} - interval_count as missing
      from h where interval_count < ${INTERVALS_PER_HOUR} and prev is not null
      union all
      select device_id::text, (extract(epoch from g) * 1000)::float8, ${INTERVALS_PER_HOUR}
      from h cross join lateral generate_series(h.prev + interval '1 hour', h.hour_start - interval '1 hour', interval '1 hour') g
      where h.prev is not null and h.hour_start - h.prev > interval '1 hour'`),
  );
  const missed = new Map<string, ImperfectHour[]>();
  for (const r of imperfect) missed.set(r.id, [...(missed.get(r.id) ?? []), { startMs: Number(r.ms), missing: Number(r.missing) }]);
  return { spans: new Map(spans.map((s) => [s.id, { first: Number(s.first), last: Number(s.last) }])), missed };
}
