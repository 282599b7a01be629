import { type IngestRejection } from '@peakwise/contracts/ingest.contract';
import { INTERVAL_MS } from '@peakwise/domain/time-constants';
import { counterToInterval, type CounterSnapshot } from '../../telemetry/counter';
import type { ValidDeviceReading } from '../../telemetry/validate-readings';
import type { DbOrTx } from '../../db/client';
import { lockCounterBaselines, rowKey, type DeviceRow } from './readings.repository';

/** A valid device reading resolved to its device row; `g` is its position in the write. */
export type ResolvedDeviceReading = { r: ValidDeviceReading; d: string; g: number; keepExisting: boolean };


export type DeviceRowPlan = {
  /** Rows whose sent values replace the stored ones, and rows that only fill missing fields. */
  rows: Map<string, DeviceRow>;
  keepRows: Map<string, DeviceRow>;
  /** Reading `g` → the row keys it wrote to (empty: valid but nothing to write). */
  contributors: Map<number, string[]>;
  /** Readings whose counter moved the stored baseline: accepted even if no row changed. */
  counterMoved: Set<number>;
  refused: Map<number, IngestRejection>;
  /** New baselines, one per device whose counter moved. */
  counters: { d: string; ts: number; c: number }[];
};

/**
 * Turns the device readings of one write (any number of households and messages) into rows.
 * Counters are judged per device in time order against the stored baseline, locked FOR UPDATE
 * so two writers for one plug serialise instead of both subtracting from the same baseline.
 * Readings are merged in the order given: a later value replaces an earlier one, except for
 * `keepExisting` readings (Shelly samples), where the first sample of an interval is kept.
 */
export async function planDeviceRows(tx: DbOrTx, readings: readonly ResolvedDeviceReading[]): Promise<DeviceRowPlan> {
  const plan: DeviceRowPlan = { rows: new Map(), keepRows: new Map(), contributors: new Map(), counterMoved: new Set(), refused: new Map(), counters: [] };
  const rowAt = (keep: boolean, d: string, ts: number) => {
    const key = rowKey(d, ts);
    const rows = keep ? plan.keepRows : plan.rows;
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { d, ts }));
    return { key, row };
  };
  const contribute = (g: number, key?: string) => {
    const keys = plan.contributors.get(g) ?? [];
    if (key !== undefined) keys.push(key);
    plan.contributors.set(g, keys);
  };

  const counterReadings = readings.filter((x) => x.r.counterKwh !== undefined);
  if (counterReadings.length > 0) {
    const ids = [...new Set(counterReadings.map((x) => x.d))].sort();
    const stored = await lockCounterBaselines(tx, ids);
    const previous = new Map<string, CounterSnapshot>(stored.map((s) => [s.d, { ts: new Date(s.ms), counterKwh: s.c }]));
    const moved = new Set<string>();
    for (const x of [...counterReadings].sort((a, b) => a.r.ts.getTime() - b.r.ts.getTime() || a.g - b.g)) {
      const current: CounterSnapshot = { ts: x.r.ts, counterKwh: x.r.counterKwh! };
      const step = counterToInterval(previous.get(x.d) ?? null, current);
      contribute(x.g);
      switch (step.kind) {
        case 'stale':
          continue;
        case 'refused':
          plan.refused.set(x.g, { index: x.r.index, series: 'device', reason: step.reason, message: step.message });
          break;
        case 'interval': {
          const { key, row } = rowAt(x.keepExisting, x.d, step.start.getTime());
          row.en ??= step.energyKwh;
          contribute(x.g, key);
          plan.counterMoved.add(x.g);
          break;
        }
        case 'gap':
          // Energy spread over several intervals is unknown; a counter that did not move is a known zero.
          if (step.energyKwh === 0) {
            for (let i = 0; i < step.intervals; i += 1) {
              const { key, row } = rowAt(x.keepExisting, x.d, step.start.getTime() + i * INTERVAL_MS);
              row.en ??= 0;
              contribute(x.g, key);
            }
          }
          plan.counterMoved.add(x.g);
          break;
        case 'baseline':
          plan.counterMoved.add(x.g);
          break;
      }
      previous.set(x.d, current);
      moved.add(x.d);
    }
    for (const d of moved) {
      const snapshot = previous.get(d)!;
      plan.counters.push({ d, ts: snapshot.ts.getTime(), c: snapshot.counterKwh });
    }
  }

  for (const x of readings) {
    if (plan.refused.has(x.g)) continue;
    const { r } = x;
    const hasMetrics = r.metrics !== undefined && Object.keys(r.metrics).length > 0;
    const hasMeasurement = r.powerW !== undefined || r.energyKwh !== undefined || r.efficiency !== undefined || r.on !== undefined || hasMetrics;
    contribute(x.g);
    if (!hasMeasurement) continue;
    const { key, row } = rowAt(x.keepExisting, x.d, r.ts.getTime());
    if (x.keepExisting) {
      row.pw ??= r.powerW;
      row.en ??= r.energyKwh;
      row.ef ??= r.efficiency;
      row.on ??= r.on;
      if (hasMetrics) row.m ??= r.metrics;
    } else {
      if (r.powerW !== undefined) row.pw = r.powerW;
      // An interval energy sent by the device wins over one derived from counters.
      if (r.energyKwh !== undefined) row.en = r.energyKwh;
      if (r.efficiency !== undefined) row.ef = r.efficiency;
      if (r.on !== undefined) row.on = r.on;
      if (hasMetrics) row.m = r.metrics;
    }
    contribute(x.g, key);
  }
  return plan;
}
