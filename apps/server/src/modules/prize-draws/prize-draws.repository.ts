import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

export type DrawRow = {
  id: string;
  week: string;
  startsAt: string;
  endsAt: string;
  commitment: string;
  seed: string;
  committedAt: string;
  prizePoints: number;
  status: 'committed' | 'drawn';
  entries: number | null;
  digest: string | null;
  winnerEntry: string | null;
  winnerHouseholdId: string | null;
  drawnAt: string | null;
};

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const columns = sql`d.id, to_char(d.week, 'YYYY-MM-DD') as week, ${iso('d.starts_at')} as "startsAt", ${iso('d.ends_at')} as "endsAt", d.commitment, d.seed,
  ${iso('d.committed_at')} as "committedAt", d.prize_points as "prizePoints", d.status, d.entries, d.digest, d.winner_entry as "winnerEntry",
  d.winner_household_id as "winnerHouseholdId", ${iso('d.drawn_at')} as "drawnAt"`;

/** False when the week already has its draw (a re-run of the commit job commits nothing new). */
export async function insertDraw(db: DbOrTx, d: { week: string; startsAt: Date; endsAt: Date; seed: string; commitment: string; prizePoints: number; committedAt: Date }): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      insert into prize_draws (week, starts_at, ends_at, seed, commitment, prize_points, committed_at)
      values (${d.week}::date, ${d.startsAt.toISOString()}::timestamptz, ${d.endsAt.toISOString()}::timestamptz, ${d.seed}, ${d.commitment}, ${d.prizePoints}, ${d.committedAt.toISOString()}::timestamptz)
      on conflict (week) do nothing returning id`),
  );
  return rows.length === 1;
}

export async function findDrawByWeek(db: DbOrTx, week: string, lock = false): Promise<DrawRow | null> {
  const [row] = rowsOf<DrawRow>(await db.execute(sql`select ${columns} from prize_draws d where d.week = ${week}::date ${lock ? sql`for update` : sql``}`));
  return row ?? null;
}

export async function findDraw(db: DbOrTx, id: string): Promise<DrawRow | null> {
  const [row] = rowsOf<DrawRow>(await db.execute(sql`select ${columns} from prize_draws d where d.id = ${id}::uuid`));
  return row ?? null;
}

/** Newest week first. */
export async function listDraws(db: DbOrTx, limit: number): Promise<DrawRow[]> {
  return rowsOf<DrawRow>(await db.execute(sql`select ${columns} from prize_draws d order by d.week desc limit ${limit}`));
}

/**
 * Households that took part in an event starting in [from, to): opted in, and settled with a
 * measured result (docs/decisions/042-prize-draws-and-monthly-bonus.md).
 */
export async function participantsBetween(db: DbOrTx, from: Date, to: Date): Promise<string[]> {
  const rows = rowsOf<{ householdId: string }>(
    await db.execute(sql`
      select distinct r.household_id as "householdId"
      from energy_events e
      join event_participations p on p.event_id = e.id and p.opted_in
      join event_results r on r.event_id = e.id and r.household_id = p.household_id and r.outcome = 'settled'
      where e.status <> 'cancelled' and e.starts_at >= ${from.toISOString()}::timestamptz and e.starts_at < ${to.toISOString()}::timestamptz
      order by 1`),
  );
  return rows.map((r) => r.householdId);
}

export async function insertEntries(db: DbOrTx, drawId: string, entries: { householdId: string; entry: string }[]): Promise<void> {
  if (entries.length === 0) return;
  await db.execute(sql`
    insert into prize_draw_entries (draw_id, household_id, entry)
    select ${drawId}::uuid, u.household, u.entry
    from unnest(${sql.param(entries.map((e) => e.householdId))}::uuid[], ${sql.param(entries.map((e) => e.entry))}::text[]) as u(household, entry)
    on conflict do nothing`);
}

export async function markDrawn(
  db: DbOrTx,
  id: string,
  result: { entries: number; digest: string | null; winnerEntry: string | null; winnerHouseholdId: string | null; transferId: string | null },
  now: Date,
): Promise<void> {
  await db.execute(sql`
    update prize_draws set status = 'drawn', entries = ${result.entries}, digest = ${result.digest}, winner_entry = ${result.winnerEntry},
      winner_household_id = ${result.winnerHouseholdId}::uuid, transfer_id = ${result.transferId}::uuid, drawn_at = ${now.toISOString()}::timestamptz
    where id = ${id}::uuid`);
}

/** The published list: every entry of a draw in the order the rule sorts them. */
export async function drawEntries(db: DbOrTx, drawId: string): Promise<string[]> {
  const rows = rowsOf<{ entry: string }>(await db.execute(sql`select entry from prize_draw_entries where draw_id = ${drawId}::uuid order by entry collate "C"`));
  return rows.map((r) => r.entry);
}

export async function householdEntries(db: DbOrTx, householdId: string, drawIds: string[]): Promise<Map<string, string>> {
  if (drawIds.length === 0) return new Map();
  const rows = rowsOf<{ drawId: string; entry: string }>(
    await db.execute(sql`select draw_id as "drawId", entry from prize_draw_entries where household_id = ${householdId}::uuid and draw_id = any(${sql.param(drawIds)}::uuid[])`),
  );
  return new Map(rows.map((r) => [r.drawId, r.entry]));
}

export type Contact = { email: string; name: string | null; language: 'en' | 'fr' | 'es' };

/** The household owner's address and language, unless their account is being deleted. */
export async function householdContact(db: DbOrTx, householdId: string): Promise<Contact | null> {
  const [row] = rowsOf<Contact>(
    await db.execute(sql`
      select pr.email, pr.name, pr.language from households h join profiles pr on pr.id = h.owner_user_id
      where h.id = ${householdId}::uuid and pr.deleted_at is null`),
  );
  return row ?? null;
}
