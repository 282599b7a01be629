import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * Metered use of the event's opted-in households per 5-minute interval in [from, to), summed in
 * the database: one row per interval, whatever the number of households.
 */
export async function optedInUseByInterval(db: DbOrTx, eventId: string, from: Date, to: Date): Promise<{ ms: number; kwh: number; households: number }[]> {
  const rows = rowsOf<{ ms: number; kwh: number; households: number }>(
    await db.execute(sql`
      select (floor(extract(epoch from r.ts) / 300) * 300000)::float8 as ms, sum(r.consumption_kwh)::float8 as kwh, count(distinct r.household_id)::int as households
      from event_participations ep
      cross join lateral meter_readings_in(ep.household_id, ${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz) r
      where ep.event_id = ${eventId}::uuid and ep.opted_in
      group by 1 order by 1`),
  );
  return rows.map((r) => ({ ms: Number(r.ms), kwh: Number(r.kwh), households: Number(r.households) }));
}

/** Opted-in households, and how many have a reading in [from, to). */
export async function optedInCounts(db: DbOrTx, eventId: string, from: Date, to: Date): Promise<{ optedIn: number; reporting: number }> {
  const [row] = rowsOf<{ optedIn: number; reporting: number }>(
    await db.execute(sql`
      select count(*)::int as "optedIn",
        count(*) filter (where exists (select 1 from meter_readings_in(ep.household_id, ${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)))::int as reporting
      from event_participations ep where ep.event_id = ${eventId}::uuid and ep.opted_in`),
  );
  return { optedIn: Number(row!.optedIn), reporting: Number(row!.reporting) };
}
