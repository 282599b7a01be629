import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { hasSolarSql } from '../energy/solar-status.repository';
import { inArea } from './events.repository';

/**
 * The reads of a comparison group (decision 101): who may be a member's peer, and which of a
 * frozen group's homes have been called since. One statement each, for a whole batch.
 */

/** How many homes of a stratum are looked at per member: the 20 nearest of a few hundred are near enough, and the read stays small. */
export const PEER_POOL = 400;

/** The longest baseline look-back (weekend-or-holiday days): the days a home's solar status is read from. */
const SOLAR_LOOK_BACK_DAYS = 60;

/** A home's solar status as it stood at the event: the shared rule, its meter read over the look-back. */
const hasSolar = (h: string, e: string) =>
  hasSolarSql(sql.raw(`${h}.id`), { from: sql.raw(`(${e}.starts_at - interval '${SOLAR_LOOK_BACK_DAYS} days')::date`), to: sql.raw(`${e}.starts_at::date`) });

/**
 * For each member, up to PEER_POOL homes of the event's area, in its province and of its solar
 * status, that are not called for the event: held out, or not opted in. The pool is an arbitrary
 * but fixed sample (by a hash of the home and the event), so the same freeze picks the same group.
 * Each candidate's solar status is worked out once per batch, not once per member.
 */
export async function peerPools(db: DbOrTx, eventId: string, memberIds: readonly string[]): Promise<Map<string, string[]>> {
  const pools = await pooled(db, eventId, memberIds, sql`c.solar = m.solar`);
  return new Map([...pools].map(([member, peers]) => [member, peers.map((peer) => peer.id)]));
}

/**
 * For each solar member scored on its event day's gross load (decision 144's Since), up to PEER_POOL
 * homes of its area and province not called for the event and without a battery (whose afternoon
 * a battery held for the event would make unlike the evening), with or without panels, each with
 * its solar status: a peer with panels counts only where its production is measured, which the
 * caller reads.
 */
export async function grossPeerPools(db: DbOrTx, eventId: string, memberIds: readonly string[]): Promise<Map<string, { id: string; solar: boolean }[]>> {
  return pooled(db, eventId, memberIds, sql`not c.has_battery`);
}

/** The pools of `peerPools` and `grossPeerPools`: the same sample, strata by `stratum` (over m, the member, and c, a candidate). */
async function pooled(db: DbOrTx, eventId: string, memberIds: readonly string[], stratum: ReturnType<typeof sql>): Promise<Map<string, { id: string; solar: boolean }[]>> {
  const out = new Map<string, { id: string; solar: boolean }[]>();
  if (memberIds.length === 0) return out;
  const rows = rowsOf<{ memberId: string; peerId: string; solar: boolean }>(
    await db.execute(sql`
      with m as materialized (
        select h.id, h.province, ${hasSolar('h', 'e')} as solar
        from households h, energy_events e where e.id = ${eventId}::uuid and h.id = any(${sql.param(memberIds)}::uuid[])
      ), c as materialized (
        select h.id, h.province, h.has_battery, ${hasSolar('h', 'e')} as solar, md5(h.id::text || e.id::text) as draw
        from energy_events e join event_programs p on p.id = e.program_id, households h
        where e.id = ${eventId}::uuid and ${inArea('p', 'h')} and h.province in (select province from m)
          and not exists (select 1 from event_participations ep where ep.event_id = e.id and ep.household_id = h.id and ep.opted_in)
      )
      select m.id as "memberId", x.id as "peerId", x.solar
      from m cross join lateral (
        select c.id, c.solar from c where c.province = m.province and c.id <> m.id and ${stratum} order by c.draw limit ${PEER_POOL}
      ) x`),
  );
  for (const row of rows) {
    const pool = out.get(row.memberId) ?? [];
    pool.push({ id: row.peerId, solar: row.solar === true });
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

/**
 * Which of an event's opted-in homes have solar by the same rule as the comparison group's, in one
 * statement: their results say that the figures are what they drew from the grid.
 */
/** Whether one home counts as solar for an event, by the same rule and look-back (decision 112). */
export async function isSolarForEvent(db: DbOrTx, eventId: string, householdId: string): Promise<boolean> {
  return isSolarFromRows(rowsOf(await db.execute(isSolarForEventSql(eventId, householdId))));
}

/** The statement behind isSolarForEvent (one row, column solar), for a read that sends it with others. */
export const isSolarForEventSql = (eventId: string, householdId: string) =>
  sql`select ${hasSolar('h', 'e')} as solar from households h, energy_events e where h.id = ${householdId}::uuid and e.id = ${eventId}::uuid`;

export const isSolarFromRows = (rows: readonly unknown[]) => (rows as { solar: boolean }[])[0]?.solar === true;

/** Which of these homes have solar for the event, by the same rule and look-back: one statement for a batch's members. */
export async function solarAmong(db: DbOrTx, eventId: string, householdIds: readonly string[]): Promise<Set<string>> {
  if (householdIds.length === 0) return new Set();
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select h.id from households h, energy_events e
      where e.id = ${eventId}::uuid and h.id = any(${sql.param(householdIds)}::uuid[]) and ${hasSolar('h', 'e')}`),
  );
  return new Set(rows.map((r) => r.id));
}

export async function solarParticipants(db: DbOrTx, eventId: string): Promise<Set<string>> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select h.id from event_participations ep join households h on h.id = ep.household_id join energy_events e on e.id = ep.event_id
      where ep.event_id = ${eventId}::uuid and ep.opted_in and ${hasSolar('h', 'e')}`),
  );
  return new Set(rows.map((r) => r.id));
}
