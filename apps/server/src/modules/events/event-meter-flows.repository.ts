import { grossKwh } from '@peakwise/domain/event-baseline-frozen-gross';
import { gridImportKwh } from '@peakwise/domain/event-grid-import';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { packedReadingsInRanges, type ReadingRange } from './event-settlement.repository';

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
  for (const row of await packedReadingsInRanges(db, households, groups, true)) {
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
