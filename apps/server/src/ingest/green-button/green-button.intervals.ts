import { GREEN_BUTTON_MAX_READING_SECONDS, type GreenButtonRefusalReason } from '@peakwise/contracts/green-button.contract';
import { INTERVAL_MS } from '@peakwise/domain/time-constants';
import type { GreenButtonReading } from './green-button.parser';

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
 */

const INTERVAL_SECONDS = INTERVAL_MS / 1000;
/** ECMAScript dates reach ±8.64e15 ms. */
const MAX_EPOCH_SECONDS = 8.64e12 - GREEN_BUTTON_MAX_READING_SECONDS;

export type GreenButtonMeterRow = {
  ts: string;
  productionKwh: number;
  consumptionKwh: number;
  gridImportKwh: number;
  gridExportKwh: number;
};

export type GreenButtonRefusal = { index: number; start: number | null; reason: GreenButtonRefusalReason };

export type GreenButtonIntervals = {
  /** In time order, at most one per 5-minute interval. */
  rows: GreenButtonMeterRow[];
  /** Per row: the readings it came from (one or two: delivered and received). */
  sources: number[][];
  /** Readings refused before any interval was made of them, in file order. */
  refused: GreenButtonRefusal[];
  /** Distinct reading lengths in seconds, ascending. */
  intervalSeconds: number[];
};

export function toMeterIntervals(readings: readonly GreenButtonReading[]): GreenButtonIntervals {
  const refused: GreenButtonRefusal[] = [];
  const usable: (GreenButtonReading & { start: number; duration: number; kwh: number })[] = [];
  const lengths = new Set<number>();
  for (const r of readings) {
    if (r.duration !== null && r.duration > 0) lengths.add(r.duration);
    const reason = refusalOf(r);
    if (reason) refused.push({ index: r.index, start: r.start, reason });
    else usable.push(r as (typeof usable)[number]);
  }

  // Coarsest first, so a finer reading of the same direction and time overwrites it.
  usable.sort((a, b) => b.duration - a.duration || a.index - b.index);
  const slots = new Map<number, { delivered?: { kwh: number; index: number }; received?: { kwh: number; index: number } }>();
  for (const r of usable) {
    const count = r.duration / INTERVAL_SECONDS;
    const kwh = r.kwh / count;
    for (let k = 0; k < count; k++) {
      const ts = r.start + k * INTERVAL_SECONDS;
      const slot = slots.get(ts) ?? {};
      slot[r.flow] = { kwh, index: r.index };
      slots.set(ts, slot);
    }
  }

  const rows: GreenButtonMeterRow[] = [];
  const sources: number[][] = [];
  for (const ts of [...slots.keys()].sort((a, b) => a - b)) {
    const slot = slots.get(ts)!;
    const imported = slot.delivered?.kwh ?? 0;
    rows.push({ ts: new Date(ts * 1000).toISOString(), productionKwh: 0, consumptionKwh: imported, gridImportKwh: imported, gridExportKwh: slot.received?.kwh ?? 0 });
    sources.push([slot.delivered?.index, slot.received?.index].filter((i): i is number => i !== undefined));
  }
  refused.sort((a, b) => a.index - b.index);
  return { rows, sources, refused, intervalSeconds: [...lengths].sort((a, b) => a - b) };
}

function refusalOf(r: GreenButtonReading): GreenButtonRefusalReason | null {
  if (r.start === null || r.duration === null || r.kwh === null || !Number.isFinite(r.kwh)) return 'invalid_value';
  // Beyond what a Date can hold; the ingest horizon would refuse it anyway, but only once it is a date.
  if (Math.abs(r.start) > MAX_EPOCH_SECONDS) return 'invalid_value';
  if (r.duration <= 0 || r.duration % INTERVAL_SECONDS !== 0) return 'interval_not_multiple';
  if (r.duration > GREEN_BUTTON_MAX_READING_SECONDS) return 'interval_too_long';
  if (r.start % INTERVAL_SECONDS !== 0) return 'interval_misaligned';
  if (r.kwh < 0) return 'negative';
  return null;
}
