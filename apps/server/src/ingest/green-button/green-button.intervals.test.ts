import { describe, expect, it } from 'vitest';
import { planMeterIntervals, type GreenButtonChunk } from './green-button.intervals';
import type { GreenButtonReading } from './green-button.parser';

const T = 1767225600; // 2026-01-01T00:00:00Z
const reading = (index: number, start: number | null, duration: number | null, kwh: number | null, flow: GreenButtonReading['flow'] = 'delivered'): GreenButtonReading => ({ index, start, duration, kwh, flow });

// After every reading below, and within ten years of them.
const NOW = new Date('2026-06-01T00:00:00Z');

/** Every chunk's rows and sources run together, as the import stores them. */
async function toMeterIntervals(readings: readonly GreenButtonReading[], now = NOW) {
  const plan = planMeterIntervals(readings, now);
  const chunks: GreenButtonChunk[] = [];
  for await (const chunk of plan.chunks()) chunks.push(chunk);
  return { rows: chunks.flatMap((c) => c.rows), sources: chunks.flatMap((c) => c.sources), refused: plan.refused, intervalSeconds: plan.intervalSeconds, chunks };
}

describe('planMeterIntervals', () => {
  it('spreads an hour evenly over its twelve 5-minute intervals as grid import and consumption', async () => {
    const { rows, sources, refused } = await toMeterIntervals([reading(0, T, 3600, 1.2)]);
    expect(refused).toEqual([]);
    expect(rows).toHaveLength(12);
    expect(rows[0]).toMatchObject({ ts: '2026-01-01T00:00:00.000Z', productionKwh: 0, gridExportKwh: 0 });
    expect(rows[0]!.consumptionKwh).toBe(rows[0]!.gridImportKwh);
    expect(rows[11]!.ts).toBe('2026-01-01T00:55:00.000Z');
    expect(rows.every((r) => Math.abs(r.gridImportKwh - 0.1) < 1e-15)).toBe(true);
    expect(sources.every((s) => s.length === 1 && s[0] === 0)).toBe(true);
  });

  it('puts received energy in grid export beside the delivered energy of the same interval', async () => {
    const { rows, sources } = await toMeterIntervals([reading(0, T, 900, 0.3), reading(1, T, 900, 0.6, 'received')]);
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expect(r.gridImportKwh).toBeCloseTo(0.1, 15);
      expect(r.gridExportKwh).toBeCloseTo(0.2, 15);
    }
    expect(sources[0]).toEqual([0, 1]);
  });

  it('lets a finer reading replace a coarser one of the same direction and time', async () => {
    const { rows } = await toMeterIntervals([reading(0, T, 86_400, 24), reading(1, T, 300, 0.5)]);
    expect(rows).toHaveLength(288);
    expect(rows[0]!.gridImportKwh).toBe(0.5);
    expect(rows[1]!.gridImportKwh).toBeCloseTo(24 / 288, 15);
  });

  it('refuses a reading that is not whole 5-minute intervals, not aligned, over a day, negative or unreadable', async () => {
    const { rows, refused, intervalSeconds } = await toMeterIntervals([
      reading(0, T, 420, 1),
      reading(1, T + 60, 300, 1),
      reading(2, T, 2 * 86_400, 1),
      reading(3, T, 300, -0.1),
      reading(4, T, 300, null),
      reading(5, T + 3600, 300, 0.2),
    ]);
    expect(refused.map((r) => [r.index, r.reason])).toEqual([
      [0, 'interval_not_multiple'],
      [1, 'interval_misaligned'],
      [2, 'interval_too_long'],
      [3, 'negative'],
      [4, 'invalid_value'],
    ]);
    expect(rows).toEqual([{ ts: '2026-01-01T01:00:00.000Z', productionKwh: 0, consumptionKwh: 0.2, gridImportKwh: 0.2, gridExportKwh: 0 }]);
    expect(intervalSeconds).toEqual([300, 420, 172_800]);
  });

  it('keeps every reading’s total: its intervals sum to its value (property over random lengths and values)', async () => {
    for (let run = 0; run < 300; run++) {
      const count = 1 + Math.floor(Math.random() * 288);
      const kwh = Math.round(Math.random() * 10_000) / 1000;
      const start = T + 300 * Math.floor(Math.random() * 10_000);
      const { rows } = await toMeterIntervals([reading(0, start, count * 300, kwh)]);
      expect(rows).toHaveLength(count);
      expect(rows[0]!.ts).toBe(new Date(start * 1000).toISOString());
      expect(rows.reduce((sum, r) => sum + r.gridImportKwh, 0)).toBeCloseTo(kwh, 9);
    }
  });
});
