import { GREEN_BUTTON_MAX_READING_SECONDS, type GreenButtonRefusalReason } from '@peakwise/contracts/green-button.contract';
import { MAX_BATCH_READINGS, MAX_FUTURE_SKEW_MS, MAX_READING_AGE_DAYS } from '@peakwise/contracts/ingest.contract';
import { INTERVAL_MS } from '@peakwise/domain/time-constants';
import type { GreenButtonReading } from './green-button.parser';
import { createSlicer, type Pause } from './green-button.slicer';

/**
 * Turns a file's readings into Peakwise's 5-minute meter intervals (decision 046). A reading of
 * n × 5 minutes becomes n intervals of value / n each, so every hour and day sums to exactly what
 * the utility measured, while the shape inside a reading is flat. Energy delivered is grid import
 * and consumption; energy received is grid export; production is 0 (a utility meter sees no
 * solar generation behind it).
 *
 * When a file covers the same time twice in one direction (a daily MeterReading beside an hourly
 * one, as some utilities send), the finer reading wins: it carries the shape the coarser one
 * averages away, and the totals agree.
 *
 * A reading is split only when some of its intervals could be stored (decision 081): one wholly
 * before the ingest horizon or wholly in the future is refused as it stands, at the cost of one
 * reading, not of its 288 intervals. The rest are split in time order a window at a time, each
 * window at most one ingest batch of rows, so a file never has all its intervals in memory.
 */

const INTERVAL_SECONDS = INTERVAL_MS / 1000;
/** ECMAScript dates reach ±8.64e15 ms. */
const MAX_EPOCH_SECONDS = 8.64e12 - GREEN_BUTTON_MAX_READING_SECONDS;
const MAX_READING_AGE_MS = MAX_READING_AGE_DAYS * 24 * 60 * 60_000;
/** One window's 5-minute intervals: at most one ingest batch. */
const WINDOW_INTERVALS = MAX_BATCH_READINGS;

export type GreenButtonMeterRow = {
  ts: string;
  productionKwh: number;
  consumptionKwh: number;
  gridImportKwh: number;
  gridExportKwh: number;
};

export type GreenButtonRefusal = { index: number; start: number | null; reason: GreenButtonRefusalReason };

/** Consecutive rows in time order, at most one ingest batch, each with the readings it came from. */
export type GreenButtonChunk = {
  rows: GreenButtonMeterRow[];
  /** Per row: the readings it came from (one or two: delivered and received). */
  sources: number[][];
};

/** A reading another one of the file replaces as a whole: same flow, start and length. */
export type GreenButtonRepeat = { index: number; outcome: 'duplicate' | 'superseded' };

export type GreenButtonPlan = {
  /** Readings refused before any interval was made of them, in file order. */
  refused: GreenButtonRefusal[];
  /** Readings a later one of the file with the same flow, start and length replaces; none of their intervals is made. */
  repeats: GreenButtonRepeat[];
  /** Distinct reading lengths in seconds, ascending. */
  intervalSeconds: number[];
  /** The intervals of every other reading, in time order, at most one per 5-minute interval. */
  chunks(): AsyncGenerator<GreenButtonChunk>;
};

type Usable = GreenButtonReading & { start: number; duration: number; kwh: number };

export function planMeterIntervals(readings: readonly GreenButtonReading[], now: Date, options: { pause?: Pause } = {}): GreenButtonPlan {
  const refused: GreenButtonRefusal[] = [];
  const usable: Usable[] = [];
  const lengths = new Set<number>();
  for (const r of readings) {
    if (r.duration !== null && r.duration > 0) lengths.add(r.duration);
    const reason = refusalOf(r, now);
    if (reason) refused.push({ index: r.index, start: r.start, reason });
    else usable.push(r as Usable);
  }
  // Files list readings in time order already, so this sort is a pass over them.
  usable.sort((a, b) => a.start - b.start || a.index - b.index);
  const { kept, repeats } = resolveRepeats(usable);
  return { refused, repeats, intervalSeconds: [...lengths].sort((a, b) => a - b), chunks: () => chunksOf(kept, options.pause) };
}

/**
 * Two readings of one flow with the same start and length (a utility's correction appended to
 * the file, a repeated hour, or a TOU series that repeats another's hour): the later one in the
 * file is kept, as a later correction replaces a stored value. An earlier one is a duplicate when
 * its value is the kept one's and superseded when it differs, so it is counted, never silently lost.
 * Starts are UTC epoch seconds, so the two hours of a DST fall-back are two different starts and
 * both are kept.
 */
function resolveRepeats(sorted: readonly Usable[]): { kept: Usable[]; repeats: GreenButtonRepeat[] } {
  const repeats: GreenButtonRepeat[] = [];
  const kept: Usable[] = [];
  // Readings of one start are next to each other; keep the last (highest index) per flow and length.
  for (let from = 0; from < sorted.length; ) {
    let to = from + 1;
    while (to < sorted.length && sorted[to]!.start === sorted[from]!.start) to++;
    if (to - from === 1) kept.push(sorted[from]!);
    else {
      const groups = new Map<string, Usable[]>();
      for (let k = from; k < to; k++) {
        const r = sorted[k]!;
        const key = `${r.flow}|${r.duration}`;
        const group = groups.get(key);
        if (group) group.push(r);
        else groups.set(key, [r]);
      }
      const last = new Map<string, Usable>();
      for (const [key, group] of groups) {
        // Sorted by index within a start: the last of the group is the latest in the file.
        const latest = group.at(-1)!;
        for (const r of group.slice(0, -1)) repeats.push({ index: r.index, outcome: r.kwh === latest.kwh ? 'duplicate' : 'superseded' });
        last.set(key, latest);
      }
      kept.push(...[...last.values()].sort((a, b) => a.index - b.index));
    }
    from = to;
  }
  return { kept, repeats };
}

/**
 * Sweeps time one window of WINDOW_INTERVALS at a time. Each slot keeps, per direction, the
 * finest reading over it (between readings of the same length, the later one in the file). Many
 * readings over one window (a hostile file can stack thousands of days on one) are split in
 * slices, with the event loop let go between them.
 */
async function* chunksOf(usable: readonly Usable[], pause?: Pause): AsyncGenerator<GreenButtonChunk> {
  const slicer = createSlicer(pause);
  const flows = { delivered: slotState(), received: slotState() };
  const active: Usable[] = [];
  let next = 0;
  let windowStart = usable[0]?.start ?? 0;
  while (next < usable.length || active.length > 0) {
    // Nothing overlaps the window: skip to the next reading's start.
    if (active.length === 0 && usable[next]!.start > windowStart) windowStart = usable[next]!.start;
    const windowEnd = windowStart + WINDOW_INTERVALS * INTERVAL_SECONDS;
    while (next < usable.length && usable[next]!.start < windowEnd) active.push(usable[next++]!);
    flows.delivered.clear();
    flows.received.clear();
    for (const r of active) {
      const state = flows[r.flow];
      const kwh = r.kwh / (r.duration / INTERVAL_SECONDS);
      const from = Math.max(r.start, windowStart);
      const to = Math.min(r.start + r.duration, windowEnd);
      for (let ts = from; ts < to; ts += INTERVAL_SECONDS) {
        const slot = (ts - windowStart) / INTERVAL_SECONDS;
        const held = state.duration[slot]!;
        if (held === 0 || r.duration < held || (r.duration === held && r.index > state.index[slot]!)) {
          state.duration[slot] = r.duration;
          state.index[slot] = r.index;
          state.kwh[slot] = kwh;
        }
      }
      if (slicer.due()) await slicer.pause();
    }
    const chunk: GreenButtonChunk = { rows: [], sources: [] };
    const { delivered, received } = flows;
    for (let slot = 0; slot < WINDOW_INTERVALS; slot++) {
      const hasDelivered = delivered.duration[slot] !== 0;
      const hasReceived = received.duration[slot] !== 0;
      if (!hasDelivered && !hasReceived) continue;
      const imported = hasDelivered ? delivered.kwh[slot]! : 0;
      chunk.rows.push({
        ts: new Date((windowStart + slot * INTERVAL_SECONDS) * 1000).toISOString(),
        productionKwh: 0,
        consumptionKwh: imported,
        gridImportKwh: imported,
        gridExportKwh: hasReceived ? received.kwh[slot]! : 0,
      });
      const source: number[] = [];
      if (hasDelivered) source.push(delivered.index[slot]!);
      if (hasReceived) source.push(received.index[slot]!);
      chunk.sources.push(source);
    }
    if (chunk.rows.length > 0) yield chunk;
    // Readings that end inside this window are done; longer ones carry into the next.
    for (let k = active.length - 1; k >= 0; k--) if (active[k]!.start + active[k]!.duration <= windowEnd) active.splice(k, 1);
    windowStart = windowEnd;
  }
}

function slotState() {
  const state = {
    /** 0 = no reading over the slot. */
    duration: new Float64Array(WINDOW_INTERVALS),
    index: new Float64Array(WINDOW_INTERVALS),
    kwh: new Float64Array(WINDOW_INTERVALS),
    clear() {
      state.duration.fill(0);
    },
  };
  return state;
}

function refusalOf(r: GreenButtonReading, now: Date): GreenButtonRefusalReason | null {
  if (r.start === null || r.duration === null || r.kwh === null || !Number.isFinite(r.kwh)) return 'invalid_value';
  // Beyond what a Date can hold; the ingest horizon would refuse it anyway, but only once it is a date.
  if (Math.abs(r.start) > MAX_EPOCH_SECONDS) return 'invalid_value';
  if (r.duration <= 0 || r.duration % INTERVAL_SECONDS !== 0) return 'interval_not_multiple';
  if (r.duration > GREEN_BUTTON_MAX_READING_SECONDS) return 'interval_too_long';
  if (r.start % INTERVAL_SECONDS !== 0) return 'interval_misaligned';
  if (r.kwh < 0) return 'negative';
  // Every interval of the reading would be refused by the ingest validation (its last interval
  // starts before the horizon, or its first after the future limit), so none is made.
  if ((r.start + r.duration - INTERVAL_SECONDS) * 1000 < now.getTime() - MAX_READING_AGE_MS) return 'too_old';
  if (r.start * 1000 > now.getTime() + MAX_FUTURE_SKEW_MS) return 'future_timestamp';
  return null;
}
