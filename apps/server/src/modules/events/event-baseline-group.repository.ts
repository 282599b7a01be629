import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { inArea } from './events.repository';

/**
 * The reads of a comparison group (decision 101): who may be a member's peer, and which of a
 * frozen group's homes have been called since. One statement each, for a whole batch.
 */

/** How many homes of a stratum are looked at per member: the 20 nearest of a few hundred are near enough, and the read stays small. */
export const PEER_POOL = 400;

/** A home has solar when it has a panel that was not removed (the solar page's rule without its reading scan). */
const hasSolar = (h: string) => sql.raw(`exists (select 1 from devices d where d.household_id = ${h}.id and d.kind = 'solar_panel' and d.removed_at is null)`);

/**
 * For each member, up to PEER_POOL homes of the event's area, in its province and of its solar
 * status, that are not called for the event: held out, or not opted in. The pool is an arbitrary
 * but fixed sample (by a hash of the home and the event), so the same freeze picks the same group.
 */
export async function peerPools(db: DbOrTx, eventId: string, memberIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (memberIds.length === 0) return out;
  const rows = rowsOf<{ memberId: string; peerId: string }>(
    await db.execute(sql`
      with m as (
        select h.id, h.province, ${hasSolar('h')} as solar from households h where h.id = any(${sql.param(memberIds)}::uuid[])
      )
      select m.id as "memberId", c.id as "peerId"
      from m cross join lateral (
        select h.id from energy_events e join event_programs p on p.id = e.program_id, households h
        where e.id = ${eventId}::uuid and ${inArea('p', 'h')} and h.province = m.province and h.id <> m.id and ${hasSolar('h')} = m.solar
          and not exists (select 1 from event_participations ep where ep.event_id = e.id and ep.household_id = h.id and ep.opted_in)
        order by md5(h.id::text || e.id::text) limit ${PEER_POOL}
      ) c`),
  );
  for (const row of rows) {
    const pool = out.get(row.memberId) ?? [];
    pool.push(row.peerId);
    out.set(row.memberId, pool);
  }
  return out;
}

/** Which of these homes are opted in to the event now: called, so no longer anyone's peer. */
export async function calledAmong(db: DbOrTx, eventId: string, householdIds: readonly string[]): Promise<Set<string>> {
  if (householdIds.length === 0) return new Set();
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select household_id as id from event_participations
      where event_id = ${eventId}::uuid and opted_in and household_id = any(${sql.param(householdIds)}::uuid[])`),
  );
  return new Set(rows.map((r) => r.id));
}
