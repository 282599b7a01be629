import type { SeasonSums } from '@peakwise/domain/event-points-proof';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * The reads and writes of points held until proven (decision 140), each one statement for a batch
 * of households. The season test's state is always summed from the stored results, never kept as a
 * running total that a re-settlement could count twice.
 */

export type ProofStatus = 'paid_at_once' | 'held' | 'released';

/** How an earlier run left a household's result of this event (locked by `lockResults`). */
export type PreviousProof = Pick<StoredProof, 'status' | 'releasedAt' | 'releasedByEventId'>;

/**
 * This event's stored results of the households, locked until the settlement commits, with how
 * their points were paid. Another event's settlement that would release one of them waits for the
 * lock, then finds it as this settlement left it; and what this settlement reads of the ledger
 * after taking the locks includes any release committed before.
 */
export async function lockResults(db: DbOrTx, eventId: string, householdIds: readonly string[]): Promise<Map<string, PreviousProof>> {
  if (householdIds.length === 0) return new Map();
  const rows = rowsOf<{ householdId: string; status: ProofStatus | null; releasedAt: string | null; releasedByEventId: string | null }>(
    await db.execute(sql`
      select household_id as "householdId", proof_status as status, released_by_event_id as "releasedByEventId",
        to_char(released_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "releasedAt"
      from event_results where event_id = ${eventId}::uuid and household_id = any(${sql.param([...householdIds])}::uuid[])
      order by household_id for update`),
  );
  return new Map(rows.map((r) => [r.householdId, { status: r.status, releasedAt: r.releasedAt, releasedByEventId: r.releasedByEventId }]));
}

/**
 * Each household's season before this event: its other settled results of the season with a
 * baseline (this event's own stored result, an earlier run's, is left out: the caller adds the new one).
 */
export async function seasonsBefore(db: DbOrTx, eventId: string, households: readonly { householdId: string; season: string }[]): Promise<Map<string, SeasonSums>> {
  if (households.length === 0) return new Map();
  const rows = rowsOf<{ householdId: string; events: number; savedKwh: number; varianceKwh2: number }>(
    await db.execute(sql`
      select h.id as "householdId", count(r.event_id)::int as events, coalesce(sum(r.saving_kwh), 0)::float8 as "savedKwh",
        coalesce(sum(r.sigma_kwh * r.sigma_kwh), 0)::float8 as "varianceKwh2"
      from unnest(${sql.param(households.map((h) => h.householdId))}::uuid[], ${sql.param(households.map((h) => h.season))}::text[]) as h(id, season)
      join event_results r on r.household_id = h.id and r.season = h.season and r.event_id <> ${eventId}::uuid
      group by h.id`),
  );
  return new Map(rows.map((r) => [r.householdId, { events: Number(r.events), savedKwh: Number(r.savedKwh), varianceKwh2: Number(r.varianceKwh2) }]));
}

export type Released = { eventId: string; householdId: string; points: number };

/**
 * Releases the held results of other events of these households' seasons (their season test passed
 * at `releasingEventId`'s settlement), answering the rows it released with their points as they
 * stand. A row another settlement is changing is waited for and taken as it commits: one already
 * paid or released is no longer held, and is left alone.
 */
export async function releaseHeld(db: DbOrTx, releasingEventId: string, households: readonly { householdId: string; season: string }[], now: Date): Promise<Released[]> {
  if (households.length === 0) return [];
  return rowsOf<Released>(
    await db.execute(sql`
      update event_results r set proof_status = 'released', released_at = ${now.toISOString()}::timestamptz, released_by_event_id = ${releasingEventId}::uuid
      from unnest(${sql.param(households.map((h) => h.householdId))}::uuid[], ${sql.param(households.map((h) => h.season))}::text[]) as h(id, season)
      where r.household_id = h.id and r.season = h.season and r.proof_status = 'held' and r.event_id <> ${releasingEventId}::uuid
      returning r.event_id as "eventId", r.household_id as "householdId", r.points`),
  ).map((r) => ({ ...r, points: Number(r.points) }));
}

/**
 * A result's season figures and how its points are paid (decision 140), as settlement writes them
 * and the member's result page reads them; `status` null when it earns nothing.
 */
export type StoredProof = {
  season: string;
  savingKwh: number;
  sigmaKwh: number;
  /** The saving above which it is paid at once (decision 141). */
  atOnceKwh: number;
  status: ProofStatus | null;
  releasedAt: string | null;
  releasedByEventId: string | null;
};

/** A household's season as it stands: its settled results with a baseline, and the points still held. */
export async function seasonOf(db: DbOrTx, householdId: string, season: string): Promise<SeasonSums & { heldPoints: number }> {
  const [row] = rowsOf<{ events: number; savedKwh: number; varianceKwh2: number; heldPoints: number }>(
    await db.execute(sql`
      select count(*)::int as events, coalesce(sum(saving_kwh), 0)::float8 as "savedKwh", coalesce(sum(sigma_kwh * sigma_kwh), 0)::float8 as "varianceKwh2",
        coalesce(sum(points) filter (where proof_status = 'held'), 0)::int as "heldPoints"
      from event_results where household_id = ${householdId}::uuid and season = ${season}`),
  );
  return { events: Number(row?.events ?? 0), savedKwh: Number(row?.savedKwh ?? 0), varianceKwh2: Number(row?.varianceKwh2 ?? 0), heldPoints: Number(row?.heldPoints ?? 0) };
}

/** The household's held points by season (whether a season has ended is the caller's: it knows the household's date). */
export async function heldPointsBySeason(db: DbOrTx, householdId: string): Promise<{ season: string; points: number }[]> {
  const rows = rowsOf<{ season: string; points: number }>(
    await db.execute(sql`
      select season, sum(points)::int as points from event_results
      where household_id = ${householdId}::uuid and season is not null and proof_status = 'held' group by season`),
  );
  return rows.map((r) => ({ season: r.season, points: Number(r.points) }));
}
