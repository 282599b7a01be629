import { sql } from 'drizzle-orm';
import type { StackingEvent } from '@peakwise/domain/event-stacking';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** The reads and writes of the stacking rules (decision 108). */

export type StackedEvent = StackingEvent & { programName: string; programNameFr: string };

const stackingColumns = sql`e.id, e.program_id as "programId", (extract(epoch from e.starts_at) * 1000)::float8 as "startMs",
  (extract(epoch from e.ends_at) * 1000)::float8 as "endMs", e.points_per_kwh as "pointsPerKwh", e.reward_points as "rewardPoints", e.stacks,
  p.name as "programName", coalesce(p.name_fr, p.name) as "programNameFr"`;

function toStacked(row: StackedEvent): StackedEvent {
  return { ...row, startMs: Number(row.startMs), endMs: Number(row.endMs) };
}

export async function stackingEvent(db: DbOrTx, eventId: string): Promise<StackedEvent | null> {
  const [row] = rowsOf<StackedEvent>(await db.execute(sql`select ${stackingColumns} from energy_events e join event_programs p on p.id = e.program_id where e.id = ${eventId}::uuid`));
  return row ? toStacked(row) : null;
}

/**
 * The other events the household takes part in whose windows reach the same 5-minute intervals as
 * `window` (a cancelled event pays nothing, so it takes nothing). The window is widened by one
 * interval before so an event starting off the 5-minute grid is not missed; the domain decides.
 */
export async function householdEventsNear(db: DbOrTx, householdId: string, window: { id: string; startMs: number; endMs: number }): Promise<StackedEvent[]> {
  return stackedFromRows(rowsOf(await db.execute(householdEventsNearSql(householdId, window))));
}

/** The statement behind householdEventsNear, for a read that sends it with others (readTogether). */
export const householdEventsNearSql = (householdId: string, window: { id: string; startMs: number; endMs: number }) => sql`
  select ${stackingColumns}
  from event_participations ep join energy_events e on e.id = ep.event_id join event_programs p on p.id = e.program_id
  where ep.household_id = ${householdId}::uuid and ep.opted_in and e.status <> 'cancelled' and e.id <> ${window.id}::uuid
    and e.starts_at < to_timestamp(${window.endMs / 1000}::float8) and e.ends_at > to_timestamp(${window.startMs / 1000}::float8) - interval '5 minutes'
  order by e.starts_at, e.id`;

export const stackedFromRows = (rows: readonly unknown[]) => (rows as StackedEvent[]).map(toStacked);

/**
 * Locks the household's row for the opt-in's transaction, so two opt-ins of one home (one of them
 * to an exclusive program's event) are checked one after the other and cannot both pass.
 */
export async function lockHouseholdForOptIn(db: DbOrTx, householdId: string): Promise<void> {
  await db.execute(sql`select 1 from households where id = ${householdId}::uuid for no key update`);
}

/** Locks the rows of the homes opted in to the event, for a move that checks them (decision 113). */
export async function lockParticipantsForMove(db: DbOrTx, eventId: string): Promise<void> {
  await db.execute(sql`
    select 1 from households h where h.id in (select ep.household_id from event_participations ep where ep.event_id = ${eventId}::uuid and ep.opted_in)
    order by h.id for no key update`);
}

/**
 * Per opted-in household of the event, the other events it takes part in that reach its window:
 * one statement for the whole event. The few overlapping events are found first, then their
 * participants among this event's.
 */
export async function overlappingEventsByHousehold(db: DbOrTx, event: { id: string; startMs: number; endMs: number }): Promise<Map<string, StackedEvent[]>> {
  const rows = rowsOf<StackedEvent & { householdId: string }>(
    await db.execute(sql`
      with others as (
        select ${stackingColumns} from energy_events e join event_programs p on p.id = e.program_id
        where e.id <> ${event.id}::uuid and e.status <> 'cancelled'
          and e.starts_at < to_timestamp(${event.endMs / 1000}::float8) and e.ends_at > to_timestamp(${event.startMs / 1000}::float8) - interval '5 minutes'
      )
      select ep.household_id as "householdId", o.* from others o
      join event_participations ep on ep.event_id = o.id and ep.opted_in
      join event_participations mine on mine.event_id = ${event.id}::uuid and mine.household_id = ep.household_id and mine.opted_in`),
  );
  const out = new Map<string, StackedEvent[]>();
  for (const { householdId, ...row } of rows) {
    const list = out.get(householdId) ?? [];
    list.push(toStacked(row));
    out.set(householdId, list);
  }
  return out;
}

/** Intervals the given events recorded as paid, per household (or of one household): instant (ms) → event id. */
export async function paidIntervalsOf(db: DbOrTx, eventIds: readonly string[], householdId?: string): Promise<Map<string, Map<number, string>>> {
  const out = new Map<string, Map<number, string>>();
  if (eventIds.length === 0) return out;
  const rows = rowsOf<{ householdId: string; ms: number; eventId: string }>(
    await db.execute(sql`
      select household_id as "householdId", (extract(epoch from interval_start) * 1000)::float8 as ms, event_id as "eventId"
      from event_paid_intervals where event_id = any(${sql.param(eventIds)}::uuid[])
        ${householdId === undefined ? sql`` : sql`and household_id = ${householdId}::uuid`}`),
  );
  for (const row of rows) {
    const paid = out.get(row.householdId) ?? new Map<number, string>();
    paid.set(Number(row.ms), row.eventId);
    out.set(row.householdId, paid);
  }
  return out;
}

/**
 * Records the shared intervals this event paid, in one statement. One it recorded before is left
 * as it is (a re-settlement); one another event recorded breaks the table's key and fails the
 * settlement's transaction, so nothing of it is paid: the interval is never paid twice, and the
 * job's retry then reads it as paid.
 */
export async function recordPaidIntervals(db: DbOrTx, eventId: string, paid: readonly { householdId: string; startMs: number }[], now: Date): Promise<void> {
  if (paid.length === 0) return;
  await db.execute(sql`
    insert into event_paid_intervals (household_id, interval_start, event_id, paid_at)
    select x.h, to_timestamp(x.t / 1000), ${eventId}::uuid, ${now.toISOString()}::timestamptz
    from unnest(${sql.param(paid.map((p) => p.householdId))}::uuid[], ${sql.param(paid.map((p) => p.startMs))}::float8[]) as x(h, t)
    where not exists (
      select 1 from event_paid_intervals r where r.household_id = x.h and r.interval_start = to_timestamp(x.t / 1000) and r.event_id = ${eventId}::uuid
    )`);
}
