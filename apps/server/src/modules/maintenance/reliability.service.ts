import { sql } from 'drizzle-orm';
import { INTERVALS_PER_HOUR, reliabilityFromHours, type ImperfectHour } from '@peakwise/domain/reliability';
import { rowsOf } from '../../db/rows';
import { uuidArray } from '../../lib/pg-array';
import type { DbOrTx } from '../../db/client';
import type { Component } from './components.service';
import { HOUR_MS } from '@peakwise/domain/time-constants';

/** MTBF and MTTR look at the last year of reporting. */
const RELIABILITY_DAYS = 365;

/**
 * Recomputes MTBF/MTTR for the components not yet computed today (or all of them when past days
 * changed: a back-fill), from the hourly device rollups' interval counts: only the hours that
 * missed intervals (and the hours with no row at all between two that have one) come back from
 * the database.
 */
export async function refreshReliability(db: DbOrTx, components: readonly Component[], today: string, now: Date, pastChanged: boolean): Promise<void> {
  const due = components.filter((c) => c.deviceId !== null && (pastChanged || c.reliabilityOn !== today));
  if (due.length === 0) return;
  const deviceIds = due.map((c) => c.deviceId!);
  // The current hour is still filling up: judge hours that are over.
  const to = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const from = new Date(to.getTime() - RELIABILITY_DAYS * 24 * HOUR_MS);
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

  const byDevice = new Map<string, ImperfectHour[]>();
  for (const r of imperfect) byDevice.set(r.id, [...(byDevice.get(r.id) ?? []), { startMs: Number(r.ms), missing: Number(r.missing) }]);
  const spanOf = new Map(spans.map((s) => [s.id, s]));

  for (const c of due) {
    const span = spanOf.get(c.deviceId!);
    // The first hour is partial (the device joined during it): watch from the next one.
    const r = span ? reliabilityFromHours(Number(span.first) + HOUR_MS, Number(span.last), byDevice.get(c.deviceId!) ?? []) : null;
    await db.execute(sql`
      update maintenance_components set mtbf_hours = ${r?.mtbfHours ?? null}::float8, mttr_hours = ${r?.mttrHours ?? null}::float8,
        reliability_source = ${r?.source ?? null}, reliability_on = ${today}::date
      where id = ${c.id}::uuid`);
  }
}
