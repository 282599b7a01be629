import { sql } from 'drizzle-orm';
import type { EventStatusValue } from '@peakwise/contracts/events.contract';
import { gridImportKwh } from '@peakwise/domain/event-grid-import';
import type { DbOrTx } from '../../db/client';
import { executePrepared } from '../../db/prepared-statement';
import { rowsOf } from '../../db/rows';
import { resultFigures } from './event-totals.repository';
import type { StoredProof } from './event-proof.repository';
import { notHeldOut } from './event-holdout.filter';

export type ProgramRow = { id: string; name: string; provinces: string[]; fsas: string[] | null; defaultRewardPoints: number; defaultTargetPercent: number; noticeHours: number };
export type EventRow = {
  id: string;
  programId: string;
  programName: string;
  startsAt: Date;
  endsAt: Date;
  rewardPoints: number;
  targetPercent: number;
  status: EventStatusValue;
  settlementVersion: number;
  /** Copied from the program when scheduled: points per kWh saved beyond the target (decision 113). */
  pointsPerKwh: number;
  /** The program asks homes to pre-heat (or pre-cool) in the hour before its events (decision 109). */
  preheat?: boolean;
  programNameFr?: string | null;
  /** Copied from the program when scheduled: its members may be in another program's event at the same time (decision 108). */
  stacks: boolean;
};

/**
 * A household is in a program's area when its province is, and its FSA too if the program names
 * FSAs. An operator's household has a place only once the operator has said where their home is
 * (a postal code): until then it is nowhere, so staff are not told of every event they schedule
 * (decision 057). `p` and `h` are the aliases of event_programs and households in the caller's SQL.
 */
export const inArea = (p: string, h: string) => sql.raw(`(${covers(p, `${h}.province`, fsaOf(h))} and ${placed(h)})`);

/** A household's FSA as programs name them: the first three characters of its postal code, spaces out, upper case. */
const fsaOf = (h: string) => `upper(left(replace(coalesce(${h}.postal_code, ''), ' ', ''), 3))`;
/** Whether program `p` covers a place (SQL expressions for its province and FSA). */
const covers = (p: string, province: string, fsa: string) => `(${province} = any(${p}.provinces) and (${p}.fsas is null or ${fsa} = any(${p}.fsas)))`;
/** Whether household `h` has a place at all: an operator's home has none until its postal code is known. */
const placed = (h: string) => `(${h}.postal_code is not null or not exists (select 1 from users staff where staff.id = ${h}.owner_user_id and staff.role = 'operator'))`;

/**
 * How many households each of the listed programs' areas holds (`listed` a CTE with a
 * program_id column): the homes counted once by place (province and FSA), then each program sums
 * the places it covers. One pass over the households whatever the number of programs; `inArea`'s
 * rule, by place.
 */
const reachOfListed = sql.raw(`
  select p.id as program_id, coalesce(sum(a.n), 0)::int as n
  from event_programs p
    join (select h.province, ${fsaOf('h')} as fsa, count(*) as n from households h where ${placed('h')} group by 1, 2) a on ${covers('p', 'a.province', 'a.fsa')}
  where p.id in (select program_id from listed) group by p.id`);

const eventColumns = sql`e.id, e.program_id as "programId", p.name as "programName", e.starts_at as "startsAt", e.ends_at as "endsAt",
  e.reward_points as "rewardPoints", e.target_percent as "targetPercent", e.status, e.settlement_version as "settlementVersion", e.points_per_kwh as "pointsPerKwh", p.preheat, p.name_fr as "programNameFr", e.stacks`;

function toEvent(row: EventRow): EventRow {
  return { ...row, startsAt: new Date(row.startsAt), endsAt: new Date(row.endsAt) };
}

export async function upsertProgram(db: DbOrTx, program: Omit<ProgramRow, 'id'>): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into event_programs (name, provinces, fsas, default_reward_points, default_target_percent, notice_hours)
      values (${program.name}, ${sql.param(program.provinces)}::text[], ${program.fsas ? sql.param(program.fsas) : null}::text[],
        ${program.defaultRewardPoints}, ${program.defaultTargetPercent}, ${program.noticeHours})
      on conflict (name) do update set provinces = excluded.provinces, fsas = excluded.fsas
      returning id`),
  );
  return row!.id;
}

export async function insertEvent(
  db: DbOrTx,
  event: { programId: string; startsAt: Date; endsAt: Date; rewardPoints: number; targetPercent: number; holdoutPercent?: number; createdBy: string; pointsPerKwh?: number; baselineMethod?: string },
): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into energy_events (program_id, starts_at, ends_at, reward_points, target_percent, holdout_percent, created_by, points_per_kwh, baseline_method, stacks)
      select p.id, ${event.startsAt.toISOString()}::timestamptz, ${event.endsAt.toISOString()}::timestamptz,
        ${event.rewardPoints}, ${event.targetPercent}, ${event.holdoutPercent ?? 0}, ${event.createdBy}, ${event.pointsPerKwh ?? 0}, ${event.baselineMethod ?? 'high-ten-adjusted'},
        -- Whether the program stacks is copied like its other terms (decision 108): its later edit leaves the event as announced.
        p.stacks
      from event_programs p where p.id = ${event.programId}::uuid
      returning id`),
  );
  return row!.id;
}

/** The event, locked for the caller's transaction when `lock` (a change or a status move). */
export async function findEvent(db: DbOrTx, id: string, lock = false): Promise<EventRow | null> {
  const [row] = rowsOf<EventRow>(
    await db.execute(sql`select ${eventColumns} from energy_events e join event_programs p on p.id = e.program_id where e.id = ${id}::uuid ${lock ? sql`for update of e` : sql``}`),
  );
  return row ? toEvent(row) : null;
}

export async function updateEventTerms(db: DbOrTx, id: string, terms: { startsAt: Date; endsAt: Date; rewardPoints: number; targetPercent: number }, now: Date) {
  await db.execute(sql`
    update energy_events set starts_at = ${terms.startsAt.toISOString()}::timestamptz, ends_at = ${terms.endsAt.toISOString()}::timestamptz,
      reward_points = ${terms.rewardPoints}, target_percent = ${terms.targetPercent}, updated_at = ${now.toISOString()}::timestamptz
    where id = ${id}::uuid`);
}

/** The event's window moved: a new calendar revision, returned (decision 084). */
export async function bumpEventRevision(db: DbOrTx, id: string): Promise<number> {
  const [row] = rowsOf<{ v: number }>(await db.execute(sql`update energy_events set revision = revision + 1 where id = ${id}::uuid returning revision as v`));
  return row!.v;
}

export async function setEventStatus(db: DbOrTx, id: string, status: EventStatusValue, now: Date) {
  await db.execute(sql`
    update energy_events set status = ${status}, updated_at = ${now.toISOString()}::timestamptz,
      cancelled_at = case when ${status} = 'cancelled' then ${now.toISOString()}::timestamptz else cancelled_at end,
      settled_at = case when ${status} = 'settled' then ${now.toISOString()}::timestamptz else settled_at end
    where id = ${id}::uuid`);
}

/** A new settlement run's version; ledger keys carry it. */
export async function bumpSettlementVersion(db: DbOrTx, id: string): Promise<number> {
  const [row] = rowsOf<{ v: number }>(await db.execute(sql`update energy_events set settlement_version = settlement_version + 1 where id = ${id}::uuid returning settlement_version as v`));
  return row!.v;
}

/** An event as one household sees it, in one statement: whether it covers the home and whether the home opted in. */
export async function eventForHousehold(db: DbOrTx, eventId: string, householdId: string): Promise<(EventRow & { inArea: boolean; optedIn: boolean }) | null> {
  const [row] = rowsOf<EventRow & { inArea: boolean; optedIn: boolean | null }>(
    await db.execute(sql`
      select ${eventColumns}, ${inArea('p', 'h')} as "inArea", ep.opted_in as "optedIn"
      from energy_events e join event_programs p on p.id = e.program_id
      join households h on h.id = ${householdId}::uuid
      left join event_participations ep on ep.event_id = e.id and ep.household_id = h.id
      where e.id = ${eventId}::uuid`),
  );
  return row ? { ...toEvent(row), inArea: row.inArea, optedIn: row.optedIn ?? false } : null;
}

/** The event the household is opted in to that runs at `now` (or ended less than `graceMs` ago). */
export async function runningEventForHousehold(db: DbOrTx, householdId: string, now: Date, graceMs: number): Promise<EventRow | null> {
  const [row] = rowsOf<EventRow>(
    await db.execute(sql`
      select ${eventColumns} from event_participations ep
      join energy_events e on e.id = ep.event_id join event_programs p on p.id = e.program_id
      where ep.household_id = ${householdId}::uuid and ep.opted_in and e.status <> 'cancelled'
        and e.starts_at <= ${now.toISOString()}::timestamptz and e.ends_at > ${new Date(now.getTime() - graceMs).toISOString()}::timestamptz
      order by e.starts_at desc limit 1`),
  );
  return row ? toEvent(row) : null;
}

/** Households the event's program covers. */
export async function countReach(db: DbOrTx, programId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from households h, event_programs p where p.id = ${programId}::uuid and ${inArea('p', 'h')}`),
  );
  return row!.n;
}

export async function householdInEventArea(db: DbOrTx, eventId: string, householdId: string): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      select 1 from energy_events e join event_programs p on p.id = e.program_id, households h
      where e.id = ${eventId}::uuid and h.id = ${householdId}::uuid and ${inArea('p', 'h')}`),
  );
  return rows.length === 1;
}

/** The household's next event that has not ended (scheduled or running), in its area. */
export async function nextEventForHousehold(db: DbOrTx, householdId: string, now: Date): Promise<(EventRow & Participation) | null> {
  const [next] = await upcomingEventsForHousehold(db, householdId, now, 1);
  return next ?? null;
}

/** The running and scheduled events of the household's area that have not ended, soonest first; not those it is held out of (decision 100). */
export async function upcomingEventsForHousehold(db: DbOrTx, householdId: string, now: Date, limit: number): Promise<(EventRow & Participation)[]> {
  const rows = rowsOf<EventRow & { optedIn: boolean | null; automatic: boolean | null }>(
    await db.execute(sql`
      select ${eventColumns}, ep.opted_in as "optedIn", (ep.source = 'always') as automatic
      from energy_events e join event_programs p on p.id = e.program_id
      join households h on h.id = ${householdId}::uuid and ${inArea('p', 'h')}
      left join event_participations ep on ep.event_id = e.id and ep.household_id = h.id
      where e.status in ('scheduled', 'active') and e.ends_at > ${now.toISOString()}::timestamptz and ${notHeldOut('e.id', 'h.id')}
      order by e.starts_at, e.id limit ${limit}`),
  );
  return rows.map((row) => ({ ...toEvent(row), optedIn: row.optedIn ?? false, automatic: row.automatic ?? false }));
}

/** The household's answer for an event; `automatic` when its "every event" choice gave it (decision 036). */
export type Participation = { optedIn: boolean; automatic: boolean };

export async function participation(db: DbOrTx, eventId: string, householdId: string): Promise<Participation> {
  const [row] = rowsOf<Participation>(
    await db.execute(sql`select opted_in as "optedIn", (source = 'always') as automatic from event_participations where event_id = ${eventId}::uuid and household_id = ${householdId}::uuid`),
  );
  return row ?? { optedIn: false, automatic: false };
}

export async function setParticipation(db: DbOrTx, eventId: string, householdId: string, optedIn: boolean, now: Date) {
  await db.execute(sql`
    insert into event_participations (event_id, household_id, opted_in, source, changed_at)
    values (${eventId}::uuid, ${householdId}::uuid, ${optedIn}, 'member', ${now.toISOString()}::timestamptz)
    on conflict (event_id, household_id) do update set opted_in = excluded.opted_in, source = excluded.source, changed_at = excluded.changed_at`);
}

/** An opted-in household as its baseline needs it: its clock, its holidays, and whether the member says it has a battery (decision 138). */
export type Participant = { householdId: string; timeZone: string; province: string; hasBattery: boolean };

export async function optedInHouseholds(db: DbOrTx, eventId: string): Promise<Participant[]> {
  return rowsOf<Participant>(
    await db.execute(sql`
      select h.id as "householdId", h.time_zone as "timeZone", h.province, h.has_battery as "hasBattery" from event_participations ep join households h on h.id = ep.household_id
      where ep.event_id = ${eventId}::uuid and ep.opted_in order by h.id`),
  );
}

/** Start instants of the other events the household took part in (their days are not typical). */
export async function householdEventStarts(db: DbOrTx, householdId: string, exceptEventId: string): Promise<Date[]> {
  const rows = rowsOf<{ startsAt: string }>(
    await db.execute(sql`
      select e.starts_at as "startsAt" from event_participations ep join energy_events e on e.id = ep.event_id
      where ep.household_id = ${householdId}::uuid and ep.opted_in and e.id <> ${exceptEventId}::uuid and e.status <> 'cancelled'`),
  );
  return rows.map((r) => new Date(r.startsAt));
}

/**
 * What the household drew from the grid per 5-minute interval in [from, to) (gridImportKwh, decision
 * 112): the live scorecard's read on every request. It is prepared: planning the compaction-aware
 * read (the inlined meter_readings_in, its two branches, the month partitions) took about 0.5 ms,
 * several times its execution; the generic plan keeps both index scans and prunes at run time.
 */
export async function gridImportIntervals(db: DbOrTx, householdId: string, from: Date, to: Date): Promise<{ start: Date; kwh: number }[]> {
  const rows = rowsOf<{ ms: number; imported: number; exported: number }>(
    await executePrepared(db, sql`
      select date_part('epoch', ts) * 1000 as ms, grid_import_kwh as imported, grid_export_kwh as exported
      from meter_readings_in(${householdId}::uuid, ${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)`),
  );
  return rows.map((r) => ({ start: new Date(Number(r.ms)), kwh: gridImportKwh(Number(r.imported), Number(r.exported)) }));
}

export type StoredResult = {
  outcome: 'settled' | 'insufficient_data' | 'no_baseline';
  points: number;
  detail: Record<string, unknown>;
  baselineKwh: number | null;
  actualKwh: number | null;
  reductionKwh: number | null;
  settledAt: string;
  /** What the result counts in its season's test and how its points are paid (decision 140); absent without a baseline or before the rule. */
  proof?: StoredProof;
};

export async function findResult(db: DbOrTx, eventId: string, householdId: string): Promise<StoredResult | null> {
  const [row] = rowsOf<Omit<StoredResult, 'proof'> & { season: string | null; savingKwh: number | null; sigmaKwh: number | null; atOnceKwh: number | null } & Omit<StoredProof, 'season' | 'savingKwh' | 'sigmaKwh' | 'atOnceKwh'>>(
    await db.execute(sql`
      select outcome, points, detail, baseline_kwh as "baselineKwh", actual_kwh as "actualKwh", reduction_kwh as "reductionKwh",
        to_char(settled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "settledAt",
        season, saving_kwh as "savingKwh", sigma_kwh as "sigmaKwh", at_once_kwh as "atOnceKwh", proof_status as status, released_by_event_id as "releasedByEventId",
        to_char(released_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "releasedAt"
      from event_results where event_id = ${eventId}::uuid and household_id = ${householdId}::uuid`),
  );
  if (!row) return null;
  const { season, savingKwh, sigmaKwh, atOnceKwh, status, releasedAt, releasedByEventId, ...result } = row;
  if (season === null || savingKwh === null || sigmaKwh === null || atOnceKwh === null) return result;
  return { ...result, proof: { season, savingKwh: Number(savingKwh), sigmaKwh: Number(sigmaKwh), atOnceKwh: Number(atOnceKwh), status, releasedAt, releasedByEventId } };
}

type OpsEventRow = EventRow & { reach: number; optedIn: number; holdoutPercent: number; heldOut: number | null; settledHouseholds: number; pointsAwarded: number; pointsHeld: number; reductionKwh: number; insufficientData: number };

/**
 * The console's latest 200 events with their figures. A settled event's figures are the ones its
 * latest settlement run stored (decision 146); the others' (not settled yet, so few results) are
 * one grouped pass over their rows. Reach is counted per program, not per event (its area is the
 * program's): asked per event, a province's 100,000 homes were counted 200 times over, 8–10 s a
 * page (`bench/RESULTS.md`, "The operator's event list at 100,000 homes").
 */
export async function listEventsForOps(db: DbOrTx): Promise<OpsEventRow[]> {
  const rows = rowsOf<OpsEventRow>(
    await db.execute(sql`
      with listed as (select e.id, e.program_id from energy_events e order by e.starts_at desc limit 200),
      reach as (${reachOfListed}),
      live as (select l.id from listed l where not exists (select 1 from event_totals t where t.event_id = l.id)),
      opted as (select ep.event_id, count(*)::int as n from event_participations ep join live on live.id = ep.event_id where ep.opted_in group by ep.event_id),
      results as (select r.event_id, ${resultFigures} from event_results r join live on live.id = r.event_id group by r.event_id),
      figures as (
        select t.event_id, t.opted_in as opted, t.results as settled, t.points_paid::int as awarded, t.points_held::int as held, t.reduction_kwh as reduction, t.not_settled as insufficient
        from event_totals t join listed l on l.id = t.event_id
        union all
        select live.id, coalesce(opted.n, 0), coalesce(results.settled, 0), coalesce(results.awarded, 0), coalesce(results.held, 0), coalesce(results.reduction, 0), coalesce(results.insufficient, 0)
        from live left join opted on opted.event_id = live.id left join results on results.event_id = live.id
      )
      select ${eventColumns},
        coalesce(reach.n, 0) as reach, f.opted as "optedIn",
        e.holdout_percent as "holdoutPercent", d.held_out as "heldOut",
        f.settled as "settledHouseholds", f.awarded as "pointsAwarded", f.held as "pointsHeld",
        f.reduction::float8 as "reductionKwh", f.insufficient as "insufficientData"
      from listed l join energy_events e on e.id = l.id join event_programs p on p.id = e.program_id
        join figures f on f.event_id = e.id
        left join reach on reach.program_id = e.program_id
        left join event_holdout_draws d on d.event_id = e.id
      order by e.starts_at desc`),
  );
  return rows.map((row) => ({ ...row, ...toEvent(row) }));
}

/** The windows of the events the household is opted in to (cancelled ones excluded). */
export async function optedInWindows(db: DbOrTx, householdId: string): Promise<{ startMs: number; endMs: number }[]> {
  const rows = rowsOf<{ s: number; e: number }>(
    await db.execute(sql`
      select (extract(epoch from e.starts_at) * 1000)::float8 as s, (extract(epoch from e.ends_at) * 1000)::float8 as e
      from event_participations ep join energy_events e on e.id = ep.event_id
      where ep.household_id = ${householdId}::uuid and ep.opted_in and e.status <> 'cancelled' order by e.starts_at`),
  );
  return rows.map((r) => ({ startMs: Number(r.s), endMs: Number(r.e) }));
}

/** The program's event starting at this instant, if any (the demo seed finds its own). */
export async function findEventAt(db: DbOrTx, programId: string, startsAt: Date): Promise<string | null> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from energy_events where program_id = ${programId}::uuid and starts_at = ${startsAt.toISOString()}::timestamptz and status <> 'cancelled'`),
  );
  return row?.id ?? null;
}

/** The household's earliest stored meter interval. */
export async function firstMeterReading(db: DbOrTx, householdId: string): Promise<Date | null> {
  const [row] = rowsOf<{ ms: number | null }>(await db.execute(sql`select (extract(epoch from lo) * 1000)::float8 as ms from meter_readings_span(${householdId}::uuid)`));
  return row?.ms == null ? null : new Date(Number(row.ms));
}
