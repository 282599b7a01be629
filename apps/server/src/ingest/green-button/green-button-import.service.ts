import {
  GREEN_BUTTON_REFUSAL_MESSAGES,
  GREEN_BUTTON_REFUSED_LIST_LIMIT,
  GREEN_BUTTON_SKIP_MESSAGES,
  type GreenButtonFileError,
  type GreenButtonImportResult,
  type GreenButtonRefusalReason,
} from '@peakwise/contracts/green-button.contract';
import { MAX_BATCH_READINGS, type IngestRejectionReason } from '@peakwise/contracts/ingest.contract';
import { INTERVAL_MS } from '@peakwise/domain/time-constants';
import type { Db } from '../../db/client';
import { storeBatch } from '../../modules/readings/reading-store';
import { loadStoreContext } from '../../modules/readings/readings.repository';
import { validateBatch } from '../../telemetry/validate-readings';
import { planMeterIntervals, type GreenButtonChunk, type GreenButtonRefusal } from './green-button.intervals';
import { parseGreenButton, type GreenButtonReading } from './green-button.parser';
import { yieldToEventLoop, type Pause } from './green-button.slicer';

export type GreenButtonImportOutcome = { ok: true; result: GreenButtonImportResult } | { ok: false; error: GreenButtonFileError; message: string };

/** What became of a reading of the file (the outcome array's values). */
const STORED = 0;
const DUPLICATE = 1;
const SUPERSEDED = 2;
const REFUSED = 3;
const SKIPPED = 4;

/** What the shared ingest validation says about a 5-minute interval, in the file's terms. */
const REASON_FROM_INGEST: Partial<Record<IngestRejectionReason, GreenButtonRefusalReason>> = {
  negative: 'negative',
  too_large: 'too_large',
  future_timestamp: 'future_timestamp',
  too_old: 'too_old',
  correction_window_closed: 'correction_window_closed',
};

/**
 * Imports a member's Green Button file into their household meter (decision 046). The file is
 * parsed whole before anything is written, so a malformed or foreign-unit file writes nothing.
 * The intervals then take the same path as any meter reading (validateBatch → storeBatch) in
 * batches of the ingest limit, each its own transaction: storage is idempotent, so a second
 * import of the same file, or one after an interruption, stores only what is missing.
 *
 * The work is sliced so the process answers other requests throughout (decision 081): the file
 * is read a slice at a time, readings wholly outside the horizon are refused without being
 * split, and intervals are made one batch at a time, with the event loop let go between batches.
 */
export async function importGreenButton(db: Db, householdId: string, xml: string, now: Date, options: { pause?: Pause } = {}): Promise<GreenButtonImportOutcome> {
  const pause = options.pause ?? yieldToEventLoop;
  const parsed = await parseGreenButton(xml, { pause });
  if (!parsed.ok) return parsed;
  const { readings, total } = parsed;
  const plan = planMeterIntervals(readings, now, { pause });
  // What became of every reading of the file, by its index (decision 089): one byte a reading,
  // so the memory bound of decision 081 holds. An energy reading that no interval comes from is
  // superseded (finer readings cover all of its time) until a row says otherwise.
  const outcome = new Uint8Array(total).fill(SKIPPED);
  for (const r of readings) outcome[r.index] = SUPERSEDED;
  for (const r of plan.refused) outcome[r.index] = REFUSED;
  for (const r of plan.repeats) outcome[r.index] = r.outcome === 'duplicate' ? DUPLICATE : SUPERSEDED;
  await pause();
  const context = await loadStoreContext(db, householdId);
  if (!context) throw new Error(`Unknown household ${householdId}`);

  const intervals = { accepted: 0, corrected: 0, duplicates: 0 };
  const refusedReadings = new Map<number, GreenButtonRefusal>(plan.refused.map((r) => [r.index, r]));
  let from = Infinity;
  let to = -Infinity;

  const store = async (batch: GreenButtonChunk) => {
    const refusedRows = new Set<number>();
    const refuseRow = (row: number, reason: IngestRejectionReason) => {
      refusedRows.add(row);
      for (const index of batch.sources[row] ?? []) {
        outcome[index] = REFUSED;
        if (!refusedReadings.has(index)) refusedReadings.set(index, { index, start: startOf(readings, index), reason: REASON_FROM_INGEST[reason] ?? 'invalid_value' });
      }
    };
    const validated = validateBatch({ meter: batch.rows }, now);
    // Never a whole-batch refusal: the batch is non-empty, within the limit, and shaped by us.
    if (!validated.ok) throw new Error(`Green Button batch refused: ${validated.message}`);
    for (const rejection of validated.rejected) refuseRow(rejection.index, rejection.reason);
    const written = new Set<number>();
    if (validated.meter.length > 0) {
      const onMeterWritten = (instants: readonly number[]) => instants.forEach((ms) => written.add(ms));
      const stored = await storeBatch(db, householdId, { ...validated, rejected: [] }, { context, now, onMeterWritten });
      intervals.accepted += stored.accepted;
      intervals.corrected += stored.corrected;
      intervals.duplicates += stored.duplicates;
      for (const rejection of stored.rejected) refuseRow(rejection.index, rejection.reason);
    }
    batch.rows.forEach((row, k) => {
      if (refusedRows.has(k)) return;
      const ms = Date.parse(row.ts);
      // A reading with any interval written is stored; one whose intervals were all there already is a duplicate.
      for (const index of batch.sources[k] ?? []) {
        if (outcome[index] === REFUSED) continue;
        if (written.has(ms)) outcome[index] = STORED;
        else if (outcome[index] !== STORED) outcome[index] = DUPLICATE;
      }
      from = Math.min(from, ms);
      to = Math.max(to, ms + INTERVAL_MS);
    });
    await pause();
  };

  // Windows fill batches up to the ingest limit, so a sparse file is not one transaction per window.
  let batch: GreenButtonChunk = { rows: [], sources: [] };
  for await (const chunk of plan.chunks()) {
    if (batch.rows.length + chunk.rows.length > MAX_BATCH_READINGS) {
      await store(batch);
      batch = { rows: [], sources: [] };
    }
    batch.rows.push(...chunk.rows);
    batch.sources.push(...chunk.sources);
  }
  if (batch.rows.length > 0) await store(batch);

  const list = [...refusedReadings.values()].sort((a, b) => a.index - b.index);
  const counts = [0, 0, 0, 0, 0];
  for (let k = 0; k < outcome.length; k++) counts[outcome[k]!]! += 1;
  return {
    ok: true,
    result: {
      readings: total,
      refused: list.length,
      refusedReadings: list.slice(0, GREEN_BUTTON_REFUSED_LIST_LIMIT).map((r) => ({
        index: r.index,
        start: isoOrNull(r.start),
        reason: r.reason,
        message: GREEN_BUTTON_REFUSAL_MESSAGES[r.reason],
      })),
      outcomes: { stored: counts[STORED]!, duplicate: counts[DUPLICATE]!, superseded: counts[SUPERSEDED]!, refused: counts[REFUSED]!, skipped: counts[SKIPPED]! },
      skippedSeries: parsed.skipped.map(({ meterReading, uom, flowDirection, readings: n, reason }) => ({
        meterReading,
        uom,
        flowDirection,
        readings: n,
        reason,
        message: GREEN_BUTTON_SKIP_MESSAGES[reason],
      })),
      intervals,
      period: Number.isFinite(from) ? { from: new Date(from).toISOString(), to: new Date(to).toISOString() } : null,
      intervalSeconds: plan.intervalSeconds,
    },
  };
}

/** The energy readings are in file order, so a reading is found by its index in log time. */
function startOf(readings: readonly GreenButtonReading[], index: number): number | null {
  let lo = 0;
  let hi = readings.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = readings[mid]!.index;
    if (at === index) return readings[mid]!.start;
    if (at < index) lo = mid + 1;
    else hi = mid - 1;
  }
  return null;
}

function isoOrNull(epochSeconds: number | null): string | null {
  if (epochSeconds === null) return null;
  const date = new Date(epochSeconds * 1000);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
