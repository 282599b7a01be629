import { grossKwh } from '@peakwise/domain/event-baseline-frozen-gross';
import { gridImportKwh } from '@peakwise/domain/event-grid-import';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { ReadingRange } from './event-settlement.repository';

/** Per interval: its start, its grid draw (what is paid for), its gross load and the panels' production. */
export type MeterFlows = { ms: number[]; kwh: number[]; gross: number[]; production: number[] };

/**
 * `gridImportInRanges` with the panels' production as well, for the homes a gross-load baseline is
 * frozen or settled for (docs/decisions/138-the-baseline-of-decision-133-wired.md). Production is
 * not in the readings' key, so each reading is fetched from the table: only those homes read it,
 * and settlement of a home without panels keeps its index-only read. Packed the same way, a fourth
 * float8 a reading (32 bytes).
 */
export async function meterFlowsInRanges(
  db: DbOrTx,
  households: readonly { householdId: string; group: number }[],
  groups: readonly (readonly ReadingRange[])[],
): Promise<Map<string, MeterFlows>> {
  const out = new Map<string, MeterFlows>();
  if (households.length === 0) return out;
  const ranges = groups.flatMap((ranges, g) => ranges.map((r) => ({ g, from: Math.floor(r.fromMs / 1000), to: Math.ceil(r.toMs / 1000) })));
  const rows = rowsOf<{ householdId: string; packed: Uint8Array | null }>(
    await db.execute(sql`
      select h.id as "householdId", x.packed
      from unnest(${sql.param(households.map((h) => h.householdId))}::uuid[], ${sql.param(households.map((h) => h.group))}::int4[]) as h(id, g)
      cross join lateral (
        select string_agg(float8send(date_part('epoch', r.ts) * 1000) || float8send(r.grid_import_kwh) || float8send(r.grid_export_kwh) || float8send(r.production_kwh), ''::bytea) as packed
        from unnest(${sql.param(ranges.map((r) => r.g))}::int4[], ${sql.param(ranges.map((r) => r.from))}::int8[], ${sql.param(ranges.map((r) => r.to))}::int8[]) as b(g, from_s, to_s)
        cross join lateral meter_readings_in(h.id, to_timestamp(b.from_s), to_timestamp(b.to_s)) r
        where b.g = h.g
      ) x`),
  );
  for (const row of rows) {
    if (!row.packed) continue;
    const view = new DataView(row.packed.buffer, row.packed.byteOffset, row.packed.byteLength);
    const n = row.packed.byteLength / 32;
    const flows: MeterFlows = { ms: new Array<number>(n), kwh: new Array<number>(n), gross: new Array<number>(n), production: new Array<number>(n) };
    for (let i = 0; i < n; i++) {
      const imported = view.getFloat64(i * 32 + 8, false);
      const exported = view.getFloat64(i * 32 + 16, false);
      const produced = view.getFloat64(i * 32 + 24, false);
      flows.ms[i] = view.getFloat64(i * 32, false);
      flows.kwh[i] = gridImportKwh(imported, exported);
      flows.gross[i] = grossKwh(imported, exported, produced);
      flows.production[i] = produced;
    }
    out.set(row.householdId, flows);
  }
  return out;
}

/**
 * Of these households, those whose meter reported production on a day of the 60 days before the
 * event (the daily rollups, a few dozen rows a home): the only ones whose intervals a gross-load
 * freeze reads, so a batch of homes without panels costs one small statement.
 */
export async function producingHouseholds(db: DbOrTx, eventId: string, householdIds: readonly string[]): Promise<Set<string>> {
  if (householdIds.length === 0) return new Set();
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select h.id from households h, energy_events e
      where e.id = ${eventId}::uuid and h.id = any(${sql.param(householdIds)}::uuid[])
        and exists (select 1 from meter_daily md where md.household_id = h.id and md.production_kwh > 0
          and md.local_date >= (e.starts_at - interval '60 days')::date and md.local_date <= e.starts_at::date)`),
  );
  return new Set(rows.map((r) => r.id));
}
