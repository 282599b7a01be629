import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEMO_HOUSEHOLD, deviceIds, withEvCharger } from './household-profile';
import { simulateInterval, simulateRange } from './household-simulator';
import { localDay } from '@peakwise/domain/local-time';
import { INTERVAL_MS } from '@peakwise/domain/time-constants';
import { outageOn } from './device-outages';

const YEAR_MS = Date.UTC(2027, 0, 1) - Date.UTC(2026, 0, 1);

describe('household simulator', () => {
  it('balances energy and keeps every value finite and non-negative', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: YEAR_MS / INTERVAL_MS }), fc.integer({ min: 0, max: 1000 }), (i, seed) => {
        const { meter, devices } = simulateInterval(DEMO_HOUSEHOLD, new Date(Date.UTC(2026, 0, 1) + i * INTERVAL_MS), seed);
        expect(Math.abs(meter.consumptionKwh - (meter.gridImportKwh + meter.productionKwh - meter.gridExportKwh))).toBeLessThan(1e-9);
        expect(Math.min(meter.gridImportKwh, meter.gridExportKwh)).toBe(0);
        for (const v of [meter.productionKwh, meter.consumptionKwh, meter.gridImportKwh, meter.gridExportKwh]) {
          expect(Number.isFinite(v) && v >= 0).toBe(true);
        }
        for (const d of devices) {
          for (const v of [d.powerW, d.energyKwh, d.efficiency ?? 0]) expect(Number.isFinite(v) && v >= 0).toBe(true);
          // Metrics are finite; only temperatures (freezer, outdoor air, cold panels) go below zero.
          for (const [name, v] of Object.entries(d.metrics)) {
            expect(Number.isFinite(v)).toBe(true);
            if (!/Temp|temperature/.test(name)) expect(v).toBeGreaterThanOrEqual(0);
          }
          expect(d.efficiency ?? 0).toBeLessThanOrEqual(100);
          expect(d.ts).toBe(meter.ts);
        }
        const panels = devices.filter((d) => d.externalId.startsWith('demo-panel'));
        expect(panels.reduce((s, d) => s + d.energyKwh, 0)).toBeCloseTo(meter.productionKwh, 12);
      }),
      { numRuns: 200 },
    );
  });

  it('reports every profile device once per interval', () => {
    const { devices } = simulateInterval(DEMO_HOUSEHOLD, new Date(Date.UTC(2026, 6, 1, 16)), 1);
    expect(devices.map((d) => d.externalId).sort()).toEqual(deviceIds(DEMO_HOUSEHOLD).sort());
  });

  it('sends nothing for a device during its outage, while the meter still reports', () => {
    const camera = DEMO_HOUSEHOLD.appliances.find((a) => a.behaviour === 'camera')!;
    let day = 20_700;
    while (!outageOn(1, camera.id, camera.outage!, day)) day += 1;
    const outage = outageOn(1, camera.id, camera.outage!, day)!;
    const inside = simulateInterval(DEMO_HOUSEHOLD, new Date(Math.ceil(outage.start / INTERVAL_MS) * INTERVAL_MS), 1);
    expect(inside.devices.map((d) => d.externalId)).not.toContain(camera.id);
    expect(inside.meter.consumptionKwh).toBeGreaterThan(0);
    const after = simulateInterval(DEMO_HOUSEHOLD, new Date(Math.ceil(outage.end / INTERVAL_MS) * INTERVAL_MS + INTERVAL_MS), 1);
    expect(after.devices.find((d) => d.externalId === camera.id)?.metrics).toHaveProperty('resolutionP');
  });

  it('aligns intervals to 5-minute UTC boundaries', () => {
    const odd = simulateInterval(DEMO_HOUSEHOLD, new Date(Date.UTC(2026, 6, 1, 16, 7, 41)), 1);
    expect(odd.meter.ts).toBe('2026-07-01T16:05:00.000Z');
    const range = [...simulateRange(DEMO_HOUSEHOLD, new Date(Date.UTC(2026, 6, 1, 16, 1)), new Date(Date.UTC(2026, 6, 1, 17)), 1)];
    expect(range[0]?.meter.ts).toBe('2026-07-01T16:05:00.000Z');
    expect(range).toHaveLength(11);
    for (const iv of range) expect(Date.parse(iv.meter.ts) % INTERVAL_MS).toBe(0);
  });

  it('is deterministic: a back-filled interval equals the same interval computed alone', () => {
    const from = new Date(Date.UTC(2026, 2, 3, 12));
    const range = [...simulateRange(DEMO_HOUSEHOLD, from, new Date(from.getTime() + 6 * 3_600_000), 9)];
    const alone = simulateInterval(DEMO_HOUSEHOLD, new Date(from.getTime() + 40 * INTERVAL_MS), 9);
    expect(range[40]).toEqual(alone);
    const other = simulateInterval(DEMO_HOUSEHOLD, new Date(from.getTime() + 40 * INTERVAL_MS), 10);
    expect(other).not.toEqual(alone);
  });

  it('produces 300 intervals on the 25-hour fall-back day in Toronto', () => {
    const { start, end } = localDay('2026-11-01', 'America/Toronto');
    let count = 0;
    for (const _ of simulateRange(DEMO_HOUSEHOLD, start, end, 1)) count += 1;
    expect(count).toBe(300);
  });

  it('exports at sunny midday and imports overnight over a summer week', () => {
    let noonExport = 0;
    let nightImport = 0;
    for (let d = 0; d < 7; d += 1) {
      noonExport += simulateInterval(DEMO_HOUSEHOLD, new Date(Date.UTC(2026, 6, 6 + d, 17, 15)), 1).meter.gridExportKwh;
      nightImport += simulateInterval(DEMO_HOUSEHOLD, new Date(Date.UTC(2026, 6, 6 + d, 7)), 1).meter.gridImportKwh;
    }
    expect(noonExport).toBeGreaterThan(0);
    expect(nightImport).toBeGreaterThan(0);
  });

  it('charges an EV overnight when the household has one', () => {
    const ev = withEvCharger(DEMO_HOUSEHOLD);
    const night = simulateInterval(ev, new Date(Date.UTC(2026, 3, 8, 3, 5)), 1); // Tue 23:05 EDT
    expect(night.devices.find((d) => d.externalId === 'demo-ev-charger')?.powerW).toBeGreaterThan(5000);
    const off = simulateInterval(ev, new Date(Date.UTC(2026, 3, 8, 3, 5)), 1, { offPlugIds: new Set(['demo-ev-charger']) });
    expect(night.meter.consumptionKwh - off.meter.consumptionKwh).toBeGreaterThan(0.4);
  });
});
