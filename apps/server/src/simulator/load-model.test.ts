import { describe, expect, it } from 'vitest';
import { dutyFraction } from './appliance-traces';
import { DEMO_HOUSEHOLD } from './household-profile';
import { intervalContext } from './interval-context';
import { simulateLoadInterval } from './load-model';
import { INTERVAL_MS } from '@peakwise/domain/time-constants';

const ENV = { outdoorTempC: 5, sunElevationDeg: -10, precipitation: false };

function monthKwh(year: number, month: number): number {
  let kwh = 0;
  for (let t = Date.UTC(year, month, 1, 5); t < Date.UTC(year, month + 1, 1, 5); t += INTERVAL_MS) {
    kwh += simulateLoadInterval(DEMO_HOUSEHOLD, 1, intervalContext(DEMO_HOUSEHOLD, 1, t), { ...ENV, outdoorTempC: month === 0 ? -6 : 20 }).consumptionKwh;
  }
  return kwh;
}

describe('load model', () => {
  it('integrates square-wave duty cycles exactly', () => {
    expect(dutyFraction(0, 10, 0.5, 0)).toBe(1);
    expect(dutyFraction(5, 10, 0.5, 0)).toBe(0);
    expect(dutyFraction(3, 10, 0.5, 0)).toBeCloseTo(0.4, 12);
    let total = 0;
    for (let t = 0; t < 400; t += 5) total += dutyFraction(t, 40, 0.35, 7);
    expect(total / 80).toBeCloseTo(0.35, 12);
  });

  it('uses a typical Ontario month of electricity', () => {
    const april = monthKwh(2026, 3);
    expect(april).toBeGreaterThan(600);
    expect(april).toBeLessThan(1000);
    const january = monthKwh(2026, 0);
    expect(january).toBeGreaterThan(april);
    expect(january).toBeLessThan(1300);
  });

  it('peaks in the morning and evening above the overnight trough', () => {
    const byHour = new Array<number>(24).fill(0);
    let baseW = 0;
    let baseSamples = 0;
    for (let d = 0; d < 28; d += 1) {
      for (let i = 0; i < 288; i += 1) {
        const t = Date.UTC(2026, 3, 1, 4) + (d * 288 + i) * INTERVAL_MS; // from local midnight (EDT)
        const ctx = intervalContext(DEMO_HOUSEHOLD, 3, t);
        const h = Math.floor(ctx.local.minuteOfDay / 60);
        const load = simulateLoadInterval(DEMO_HOUSEHOLD, 3, ctx, ENV);
        byHour[h] = (byHour[h] ?? 0) + load.consumptionKwh;
        if (h >= 2 && h < 5) {
          // Base load: standby plus always-on plugs, leaving out HVAC, water heating and the CPAP.
          const excluded = new Set(['demo-thermostat', 'demo-water-heater', 'demo-plug-cpap']);
          baseW += load.unmeteredW + load.appliances.filter((a) => !excluded.has(a.deviceId)).reduce((s, a) => s + a.powerW, 0);
          baseSamples += 1;
        }
      }
    }
    const trough = ((byHour[2] ?? 0) + (byHour[3] ?? 0) + (byHour[4] ?? 0)) / 3;
    const evening = ((byHour[18] ?? 0) + (byHour[19] ?? 0) + (byHour[20] ?? 0)) / 3;
    const morning = ((byHour[7] ?? 0) + (byHour[8] ?? 0)) / 2;
    expect(evening).toBeGreaterThan(2 * trough);
    expect(morning).toBeGreaterThan(1.3 * trough);
    // Overnight base load (fridge and freezer cycles, standby) ≈ 250–400 W.
    expect(baseW / baseSamples).toBeGreaterThan(200);
    expect(baseW / baseSamples).toBeLessThan(400);
    // With the furnace blower and water heater recovery the whole house stays under ≈ 700 W.
    expect((trough / 28) * 1000).toBeLessThan(700);
  });

  it('drops a switched-off plug to 0 W and out of the total, but never the fridge', () => {
    // Saturday 2026-04-11 19:30 EDT: TV on.
    const ctx = intervalContext(DEMO_HOUSEHOLD, 1, Date.UTC(2026, 3, 11, 23, 30));
    const on = simulateLoadInterval(DEMO_HOUSEHOLD, 1, ctx, ENV);
    const off = simulateLoadInterval(DEMO_HOUSEHOLD, 1, ctx, ENV, new Set(['demo-plug-tv', 'demo-plug-fridge']));
    const tvOn = on.appliances.find((a) => a.deviceId === 'demo-plug-tv');
    const tvOff = off.appliances.find((a) => a.deviceId === 'demo-plug-tv');
    expect(tvOn?.powerW).toBeGreaterThan(0);
    expect(tvOff).toMatchObject({ powerW: 0, energyKwh: 0, on: false });
    expect(on.consumptionKwh - off.consumptionKwh).toBeCloseTo(tvOn?.energyKwh ?? -1, 12);
    const fridge = off.appliances.find((a) => a.deviceId === 'demo-plug-fridge');
    expect(fridge?.on).toBeUndefined();
    expect(fridge?.energyKwh).toBe(on.appliances.find((a) => a.deviceId === 'demo-plug-fridge')?.energyKwh);
  });
});
