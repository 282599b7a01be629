import { gridImportKwh } from '@peakwise/domain/event-grid-import';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { StoredResult } from './events.repository';

/**
 * The reads and writes of a set-based settlement (decision 038): each is one statement for a
 * whole event or a whole batch of households, never one per household.
 */

/**
 * Start instants (ms) of the other events each opted-in household took part in: those it opted in
 * to that became active, including one cancelled after its start (the household was cutting until
 * then), so their days are not typical (docs/decisions/096-event-baseline-by-measurement.md).
 */
export async function otherEventStartsByHousehold(db: DbOrTx, eventId: string, householdIds?: readonly string[]): Promise<Map<string, number[]>> {
  const rows = rowsOf<{ householdId: string; starts: number[] }>(
    await db.execute(sql`
      select ep.household_id as "householdId", array_agg((extract(epoch from e.starts_at) * 1000)::float8) as starts
      from event_participations ep join energy_events e on e.id = ep.event_id
      where ep.opted_in and e.id <> ${eventId}::uuid and (e.status <> 'cancelled' or e.cancelled_at > e.starts_at)
        and ep.household_id in (select household_id from event_participations where event_id = ${eventId}::uuid and opted_in)
        ${householdIds ? sql`and ep.household_id = any(${sql.param(householdIds)}::uuid[])` : sql``}
      group by ep.household_id`),
  );
  return new Map(rows.map((r) => [r.householdId, r.starts.map(Number)]));
}

/**
 * Points already paid for this event to each of the households, over every settlement run: paid
 * at once and adjusted, or released by a season test (decision 140). Found through the transfers'
 * event and household, so a batch's read costs its own households' payments, neither every
 * transfer of the event so far nor each account's whole history (decision 149).
 */
export async function pointsPaidByHousehold(db: DbOrTx, eventId: string, householdIds: readonly string[]): Promise<Map<string, number>> {
  if (householdIds.length === 0) return new Map();
  const rows = rowsOf<{ householdId: string; paid: number }>(
    await db.execute(sql`
      select t.household_id as "householdId", sum(en.amount)::int as paid
      from points_transfers t
      join points_entries en on en.transfer_id = t.id
      join points_accounts a on a.id = en.account_id and a.kind = 'member'
      where t.event_id = ${eventId}::uuid and t.household_id = any(${sql.param([...householdIds])}::uuid[])
        and t.kind in ('event_reward', 'event_adjustment', 'event_release')
      group by t.household_id`),
  );
  return new Map(rows.map((r) => [r.householdId, Number(r.paid)]));
}

/** Instants to read, [fromMs, toMs). */
export type ReadingRange = { fromMs: number; toMs: number };

/**
 * What many households drew from the grid per interval (gridImportKwh: what events are scored on,
 * decision 112), each inside the ranges of its group (households of one zone and province share
 * their ranges), in one statement: per household, one index-only range scan per range on the
 * readings' key (which carries import and export), gathered into one value. Per household rather
 * than grouped at the end, so no sort of the whole batch's rows.
 */
export async function gridImportInRanges(
  db: DbOrTx,
  households: readonly { householdId: string; group: number }[],
  groups: readonly (readonly ReadingRange[])[],
): Promise<Map<string, { ms: number[]; kwh: number[] }>> {
  const out = new Map<string, { ms: number[]; kwh: number[] }>();
  for (const row of await packedReadingsInRanges(db, households, groups, false)) {
    if (!row.packed) continue;
    const view = new DataView(row.packed.buffer, row.packed.byteOffset, row.packed.byteLength);
    const n = row.packed.byteLength / 24;
    const ms = new Array<number>(n);
    const kwh = new Array<number>(n);
    for (let i = 0; i < n; i++) {
      ms[i] = view.getFloat64(i * 24, false);
      kwh[i] = gridImportKwh(view.getFloat64(i * 24 + 8, false), view.getFloat64(i * 24 + 16, false));
    }
    out.set(row.householdId, { ms, kwh });
  }
  return out;
}

/**
 * The statement behind `gridImportInRanges` and `meterFlowsInRanges`: per household, its readings
 * inside its group's ranges, each as its start in ms, its import and its export (and its production
 * when asked for), float8 big-endian, concatenated; rather than arrays of numbers in text: tens of
 * millions of numbers are read per settlement, and parsing their text cost more than reading them.
 */
export async function packedReadingsInRanges(
  db: DbOrTx,
  households: readonly { householdId: string; group: number }[],
  groups: readonly (readonly ReadingRange[])[],
  withProduction: boolean,
): Promise<{ householdId: string; packed: Uint8Array | null }[]> {
  if (households.length === 0) return [];
  const ranges = groups.flatMap((ranges, g) => ranges.map((r) => ({ g, from: Math.floor(r.fromMs / 1000), to: Math.ceil(r.toMs / 1000) })));
  return rowsOf<{ householdId: string; packed: Uint8Array | null }>(
    await db.execute(sql`
      select h.id as "householdId", x.packed
      from unnest(${sql.param(households.map((h) => h.householdId))}::uuid[], ${sql.param(households.map((h) => h.group))}::int4[]) as h(id, g)
      cross join lateral (
        select string_agg(float8send(date_part('epoch', r.ts) * 1000) || float8send(r.grid_import_kwh) || float8send(r.grid_export_kwh)${withProduction ? sql` || float8send(r.production_kwh)` : sql``}, ''::bytea) as packed
        from unnest(${sql.param(ranges.map((r) => r.g))}::int4[], ${sql.param(ranges.map((r) => r.from))}::int8[], ${sql.param(ranges.map((r) => r.to))}::int8[]) as b(g, from_s, to_s)
        cross join lateral meter_readings_in(h.id, to_timestamp(b.from_s), to_timestamp(b.to_s)) r
        where b.g = h.g
      ) x`),
  );
}

export type ResultRow = Omit<StoredResult, 'settledAt'> & { householdId: string };

/** Every household's latest result, in one statement. */
export async function saveResults(db: DbOrTx, eventId: string, version: number, results: readonly ResultRow[], now: Date) {
  if (results.length === 0) return;
  const json = JSON.stringify(
    results.map((r) => ({
      household_id: r.householdId,
      outcome: r.outcome,
      points: r.points,
      baseline_kwh: r.baselineKwh,
      actual_kwh: r.actualKwh,
      reduction_kwh: r.reductionKwh,
      detail: r.detail,
      season: r.proof?.season ?? null,
      saving_kwh: r.proof?.savingKwh ?? null,
      sigma_kwh: r.proof?.sigmaKwh ?? null,
      at_once_kwh: r.proof?.atOnceKwh ?? null,
      proof_status: r.proof?.status ?? null,
      released_at: r.proof?.releasedAt ?? null,
      released_by_event_id: r.proof?.releasedByEventId ?? null,
    })),
  );
  await db.execute(sql`
    insert into event_results (event_id, household_id, version, outcome, baseline_kwh, actual_kwh, reduction_kwh, points, detail, settled_at,
      season, saving_kwh, sigma_kwh, at_once_kwh, proof_status, released_at, released_by_event_id)
    select ${eventId}::uuid, x.household_id, ${version}, x.outcome, x.baseline_kwh, x.actual_kwh, x.reduction_kwh, x.points, x.detail, ${now.toISOString()}::timestamptz,
      x.season, x.saving_kwh, x.sigma_kwh, x.at_once_kwh, x.proof_status, x.released_at, x.released_by_event_id
    from jsonb_to_recordset(${json}::jsonb) as x(household_id uuid, outcome text, baseline_kwh float8, actual_kwh float8, reduction_kwh float8, points int, detail jsonb,
      season text, saving_kwh float8, sigma_kwh float8, at_once_kwh float8, proof_status text, released_at timestamptz, released_by_event_id uuid)
    on conflict (event_id, household_id) do update set version = excluded.version, outcome = excluded.outcome, baseline_kwh = excluded.baseline_kwh,
      actual_kwh = excluded.actual_kwh, reduction_kwh = excluded.reduction_kwh, points = excluded.points, detail = excluded.detail, settled_at = excluded.settled_at,
      season = excluded.season, saving_kwh = excluded.saving_kwh, sigma_kwh = excluded.sigma_kwh, at_once_kwh = excluded.at_once_kwh, proof_status = excluded.proof_status,
      released_at = excluded.released_at, released_by_event_id = excluded.released_by_event_id`);
}
