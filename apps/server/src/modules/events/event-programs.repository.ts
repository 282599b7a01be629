import { sql } from 'drizzle-orm';
import type { Program, ProgramInput } from '@peakwise/contracts/event-programs.contract';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { inArea } from './events.repository';

/** A program as stored; what a new event copies and the checks it must pass come from here. */
export type StoredProgram = Program;
export type ProgramValues = Required<Omit<ProgramInput, 'fsas'>> & { fsas: string[] | null };

const programColumns = (p: string) =>
  sql.raw(`${p}.id, ${p}.name, coalesce(${p}.name_fr, ${p}.name) as "nameFr", ${p}.provinces, ${p}.fsas,
  to_char(${p}.season_start, 'YYYY-MM-DD') as "seasonStart", to_char(${p}.season_end, 'YYYY-MM-DD') as "seasonEnd", ${p}.windows,
  ${p}.notice_hours as "noticeHours", ${p}.default_reward_points as "rewardPoints", ${p}.points_per_kwh as "pointsPerKwh",
  ${p}.default_target_percent as "targetPercent", ${p}.baseline_method as "baselineMethod", ${p}.holdout_percent as "holdoutPercent",
  ${p}.stacks, ${p}.preheat, ${p}.status`);

export async function insertProgram(db: DbOrTx, v: ProgramValues): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into event_programs (name, name_fr, provinces, fsas, season_start, season_end, windows, notice_hours, default_reward_points,
        points_per_kwh, default_target_percent, baseline_method, holdout_percent, stacks, preheat)
      values (${v.name}, ${v.nameFr}, ${sql.param(v.provinces)}::text[], ${v.fsas ? sql.param(v.fsas) : null}::text[], ${v.seasonStart}::date, ${v.seasonEnd}::date,
        ${JSON.stringify(v.windows)}::jsonb, ${v.noticeHours}, ${v.rewardPoints}, ${v.pointsPerKwh}, ${v.targetPercent}, ${v.baselineMethod},
        ${v.holdoutPercent}, ${v.stacks}, ${v.preheat})
      on conflict (name) do nothing
      returning id`),
  );
  return row?.id ?? '';
}

export async function updateProgram(db: DbOrTx, id: string, v: ProgramValues & { status: Program['status'] }, now: Date): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      update event_programs set name = ${v.name}, name_fr = ${v.nameFr}, provinces = ${sql.param(v.provinces)}::text[], fsas = ${v.fsas ? sql.param(v.fsas) : null}::text[],
        season_start = ${v.seasonStart}::date, season_end = ${v.seasonEnd}::date, windows = ${JSON.stringify(v.windows)}::jsonb, notice_hours = ${v.noticeHours},
        default_reward_points = ${v.rewardPoints}, points_per_kwh = ${v.pointsPerKwh}, default_target_percent = ${v.targetPercent},
        baseline_method = ${v.baselineMethod}, holdout_percent = ${v.holdoutPercent}, stacks = ${v.stacks}, preheat = ${v.preheat}, status = ${v.status},
        updated_at = ${now.toISOString()}::timestamptz
      where id = ${id}::uuid and not exists (select 1 from event_programs o where o.name = ${v.name} and o.id <> ${id}::uuid)
      returning id`),
  );
  return rows.length === 1;
}

export async function findProgramById(db: DbOrTx, id: string, lock = false): Promise<StoredProgram | null> {
  const [row] = rowsOf<StoredProgram>(await db.execute(sql`select ${programColumns('p')} from event_programs p where p.id = ${id}::uuid ${lock ? sql`for update` : sql``}`));
  return row ?? null;
}

export async function findProgramIdByName(db: DbOrTx, name: string): Promise<string | null> {
  const [row] = rowsOf<{ id: string }>(await db.execute(sql`select id from event_programs where name = ${name}`));
  return row?.id ?? null;
}

export async function listProgramsWithReach(db: DbOrTx): Promise<(StoredProgram & { reach: number })[]> {
  return rowsOf<StoredProgram & { reach: number }>(
    await db.execute(sql`
      select ${programColumns('p')}, (select count(*)::int from households h where ${inArea('p', 'h')}) as reach
      from event_programs p order by p.status = 'ended', p.name`),
  );
}

/** The programs not ended, less one (being edited): a new season must not overlap one over the same area. */
export async function otherLivePrograms(db: DbOrTx, exceptId: string | null): Promise<StoredProgram[]> {
  return rowsOf<StoredProgram>(
    await db.execute(sql`select ${programColumns('p')} from event_programs p where p.status <> 'ended' ${exceptId ? sql`and p.id <> ${exceptId}::uuid` : sql``}`),
  );
}

/** The programs covering the home whose season has not ended, with whether the home takes part. */
export async function programsForHousehold(db: DbOrTx, householdId: string, today: string): Promise<(StoredProgram & { takingPart: boolean })[]> {
  return rowsOf<StoredProgram & { takingPart: boolean }>(
    await db.execute(sql`
      select ${programColumns('p')},
        (coalesce((select s.opt_in_every_event from household_event_settings s where s.household_id = h.id), false)
          or exists (select 1 from event_participations ep join energy_events e on e.id = ep.event_id
            where e.program_id = p.id and ep.household_id = h.id and ep.opted_in and e.status <> 'cancelled')) as "takingPart"
      from event_programs p join households h on h.id = ${householdId}::uuid and ${inArea('p', 'h')}
      where p.status <> 'ended' and p.season_end >= ${today}::date
      order by p.season_start, p.name`),
  );
}

export async function programStartNotice(db: DbOrTx, householdId: string): Promise<boolean> {
  const [row] = rowsOf<{ on: boolean }>(
    await db.execute(sql`select notify_program_start and program_start_notified_at is null as on from household_event_settings where household_id = ${householdId}::uuid`),
  );
  return row?.on ?? false;
}

export async function setProgramStartNotice(db: DbOrTx, householdId: string, notify: boolean, userId: string, now: Date): Promise<void> {
  await db.execute(sql`
    insert into household_event_settings (household_id, notify_program_start, program_start_notified_at, updated_at, updated_by)
    values (${householdId}::uuid, ${notify}, null, ${now.toISOString()}::timestamptz, ${userId})
    on conflict (household_id) do update set notify_program_start = excluded.notify_program_start, program_start_notified_at = null,
      updated_at = excluded.updated_at, updated_by = excluded.updated_by`);
}

export type WaitingMember = { householdId: string; userId: string; email: string; language: string };

/**
 * The members waiting to hear of a program that now covers their home, marked told in the same
 * statement so that a second run (a retry, a second program) tells nobody twice.
 */
export async function claimWaitingMembers(db: DbOrTx, programId: string, now: Date): Promise<WaitingMember[]> {
  return rowsOf<WaitingMember>(
    await db.execute(sql`
      with told as (
        update household_event_settings s set program_start_notified_at = ${now.toISOString()}::timestamptz
        from households h, event_programs p
        where p.id = ${programId}::uuid and p.status = 'active' and h.id = s.household_id and ${inArea('p', 'h')}
          and s.notify_program_start and s.program_start_notified_at is null
        returning s.household_id, h.owner_user_id)
      select told.household_id as "householdId", u.id as "userId", u.email, coalesce(pr.language, 'en') as language
      from told join users u on u.id = told.owner_user_id left join profiles pr on pr.id = u.id
      where u.email not like 'deleted-%'`),
  );
}
