import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { inArea } from './events.repository';

export type HoldoutDraw = { eventId: string; seed: string; percent: number; season: string; eligible: number; drawable: number; heldOut: number; drawnAt: string };

/** Records the draw (counts filled in by `assignHouseholds`); false when the event was drawn already. */
export async function insertDraw(tx: DbOrTx, draw: { eventId: string; programId: string; seed: string; percent: number; season: string; now: Date }): Promise<boolean> {
  const rows = rowsOf(
    await tx.execute(sql`
      insert into event_holdout_draws (event_id, program_id, seed, percent, season, eligible, drawable, held_out, drawn_at)
      values (${draw.eventId}::uuid, ${draw.programId}::uuid, ${draw.seed}, ${draw.percent}, ${draw.season}, 0, 0, 0, ${draw.now.toISOString()}::timestamptz)
      on conflict (event_id) do nothing returning event_id`),
  );
  return rows.length === 1;
}

/** The program's drawn events in the season that were not cancelled, this one included. */
export async function eventsDrawnInSeason(tx: DbOrTx, programId: string, season: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      select count(*)::int as n from event_holdout_draws d join energy_events x on x.id = d.event_id
      where d.program_id = ${programId}::uuid and d.season = ${season} and x.status <> 'cancelled'`),
  );
  return row!.n;
}

/**
 * One row per household of the event's area, in one statement. A household is drawable unless it
 * was held out of the program's neighbouring drawn event on either side (by start; cancelled ones
 * do not count), or has been held out `seasonCap` times in the season already. The drawable ones
 * are ordered by md5(seed || household id) and the first `size` are held out: the seed alone
 * decides, so replaying it over the same drawable households gives the same hold-out.
 */
export async function assignHouseholds(tx: DbOrTx, args: { eventId: string; programId: string; startsAt: Date; season: string; seed: string; size: number; seasonCap: number }) {
  const { eventId, programId, season, seed, size, seasonCap } = args;
  const startsAt = args.startsAt.toISOString();
  const otherDraws = sql`
    from event_holdout_draws d join energy_events x on x.id = d.event_id
    where d.program_id = ${programId}::uuid and d.event_id <> ${eventId}::uuid and x.status <> 'cancelled'`;
  await tx.execute(sql`
    with area as (
      select h.id from energy_events e join event_programs p on p.id = e.program_id join households h on ${inArea('p', 'h')}
      where e.id = ${eventId}::uuid
    ), neighbours as (
      (select d.event_id ${otherDraws} and x.starts_at < ${startsAt}::timestamptz order by x.starts_at desc limit 1)
      union all
      (select d.event_id ${otherDraws} and x.starts_at > ${startsAt}::timestamptz order by x.starts_at limit 1)
    ), blocked as (
      select a.household_id from event_assignments a where a.held_out and a.event_id in (select event_id from neighbours)
      union
      (select a.household_id from event_assignments a join event_holdout_draws d on d.event_id = a.event_id join energy_events x on x.id = a.event_id
       where a.held_out and d.program_id = ${programId}::uuid and d.season = ${season} and x.status <> 'cancelled' and a.event_id <> ${eventId}::uuid
       group by a.household_id having count(*) >= ${seasonCap})
    ), marked as (
      select area.id, not exists (select 1 from blocked b where b.household_id = area.id) as drawable from area
    ), ranked as (
      select id, drawable, row_number() over (partition by drawable order by md5(${seed} || id::text), id) as rank from marked
    )
    insert into event_assignments (event_id, household_id, held_out, drawable)
    select ${eventId}::uuid, id, drawable and rank <= ${size}, drawable from ranked`);
  await tx.execute(sql`
    update event_holdout_draws d set eligible = c.eligible, drawable = c.drawable, held_out = c.held_out
    from (select count(*)::int as eligible, count(*) filter (where drawable)::int as drawable, count(*) filter (where held_out)::int as held_out
          from event_assignments where event_id = ${eventId}::uuid) c
    where d.event_id = ${eventId}::uuid`);
}

export async function findDraw(db: DbOrTx, eventId: string): Promise<HoldoutDraw | null> {
  const [row] = rowsOf<HoldoutDraw>(
    await db.execute(sql`
      select event_id as "eventId", seed, percent, season, eligible, drawable, held_out as "heldOut",
        to_char(drawn_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "drawnAt"
      from event_holdout_draws where event_id = ${eventId}::uuid`),
  );
  return row ?? null;
}

export async function isHeldOut(db: DbOrTx, eventId: string, householdId: string): Promise<boolean> {
  const rows = rowsOf(await db.execute(sql`select 1 from event_assignments where event_id = ${eventId}::uuid and household_id = ${householdId}::uuid and held_out`));
  return rows.length === 1;
}

/**
 * Each drawable household's draw from the grid over the event window [from, to) from its meter's
 * 5-minute intervals, when all `slots` of them are in (a partial window would read as a saving),
 * and how many households each arm has in all. An interval counts max(0, import − export), the
 * quantity settlement scores (gridImportKwh, decision 112): the impact is set beside the
 * baselines' savings, so both must measure the same thing, and a solar home's whole use counts
 * what its panels covered, which the grid never saw.
 */
export async function windowUseByArm(db: DbOrTx, eventId: string, from: Date, to: Date, slots: number) {
  const uses = rowsOf<{ heldOut: boolean; kwh: number }>(
    await db.execute(sql`
      select a.held_out as "heldOut", sum(greatest(0, r.grid_import_kwh - r.grid_export_kwh))::float8 as kwh
      from event_assignments a cross join lateral meter_readings_in(a.household_id, ${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz) r
      where a.event_id = ${eventId}::uuid and a.drawable
      group by a.household_id, a.held_out
      having count(*) = ${slots}
      order by a.household_id`),
  );
  const [counts] = rowsOf<{ called: number; heldOut: number }>(
    await db.execute(sql`
      select count(*) filter (where not held_out)::int as called, count(*) filter (where held_out)::int as "heldOut"
      from event_assignments where event_id = ${eventId}::uuid`),
  );
  return { uses: uses.map((u) => ({ heldOut: u.heldOut, kwh: Number(u.kwh) })), called: counts!.called, heldOut: counts!.heldOut };
}

/** What the settled results' baselines say was saved: Σ (baseline − actual) over the settled households. */
export async function baselineSavings(db: DbOrTx, eventId: string): Promise<{ households: number; savedKwh: number }> {
  const [row] = rowsOf<{ households: number; savedKwh: number }>(
    await db.execute(sql`
      select count(*)::int as households, coalesce(sum(reduction_kwh), 0)::float8 as "savedKwh"
      from event_results where event_id = ${eventId}::uuid and outcome = 'settled'`),
  );
  return { households: row!.households, savedKwh: Number(row!.savedKwh) };
}
