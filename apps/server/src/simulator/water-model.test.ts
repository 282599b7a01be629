import { describe, expect, it } from 'vitest';
import { DEMO_HOUSEHOLD } from './household-profile';
import { intervalContext } from './interval-context';
import { INTERVAL_MS } from '@peakwise/domain/time-constants';
import { simulateWaterInterval } from './water-model';

describe('water model', () => {
  const from = Date.UTC(2026, 4, 4, 4); // Monday 00:00 EDT
  const week = Array.from({ length: 7 * 288 }, (_, i) => {
    const ctx = intervalContext(DEMO_HOUSEHOLD, 2, from + i * INTERVAL_MS);
    return { minute: ctx.local.minuteOfDay, ...simulateWaterInterval(DEMO_HOUSEHOLD, 2, ctx) };
  });

  it('uses ≈ 200–250 L per person per day', () => {
    const perPersonDay = week.reduce((s, w) => s + w.litres, 0) / 7 / DEMO_HOUSEHOLD.occupants;
    expect(perPersonDay).toBeGreaterThan(180);
    expect(perPersonDay).toBeLessThan(260);
  });

  it('draws most water in the morning shower hours', () => {
    const litresBetween = (a: number, b: number) => week.filter((w) => w.minute >= a && w.minute < b).reduce((s, w) => s + w.litres, 0);
    expect(litresBetween(6 * 60, 9 * 60)).toBeGreaterThan(3 * litresBetween(1 * 60, 4 * 60) + 100);
  });

  it('keeps pressure and tank temperature in realistic bands, dipping after showers', () => {
    for (const w of week) {
      expect(w.pressurePsi).toBeGreaterThan(50);
      expect(w.pressurePsi).toBeLessThan(70);
      expect(w.tankTempC).toBeGreaterThan(38);
      expect(w.tankTempC).toBeLessThanOrEqual(DEMO_HOUSEHOLD.water.heater.setpointC);
      expect(w.heaterPowerW).toBeGreaterThanOrEqual(0);
    }
    const at = (minute: number) => week.filter((w) => w.minute === minute).reduce((s, w) => s + w.tankTempC, 0) / 7;
    expect(at(9 * 60)).toBeLessThan(at(4 * 60) - 2);
    expect(at(4 * 60)).toBeGreaterThan(54);
  });

  it('puts back the heat the hot water took (energy balance over a week)', () => {
    const delivered = week.reduce((s, w) => s + w.heatDeliveredKwh, 0);
    const drawn = week.reduce((s, w) => s + w.hotLitres * (DEMO_HOUSEHOLD.water.heater.setpointC - w.inletTempC) * (4.186 / 3600), 0);
    const standby = 0.05 * 24 * 7;
    expect(delivered).toBeCloseTo(drawn + standby, -1);
  });
});
