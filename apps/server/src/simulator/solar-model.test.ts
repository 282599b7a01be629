import { describe, expect, it } from 'vitest';
import { CALGARY_CLIMATE, type Climate, TORONTO_CLIMATE, VANCOUVER_CLIMATE } from './climate';
import { INTERVAL_MS } from '@peakwise/domain/time-constants';
import { arrayKwp, clearSkyGhi, panelFaultLoss, simulateSolarInterval, uniformArray } from './solar-model';
import { solarNoonUtc } from './sun-position';
import { solarDayIndex, skyRegimeForDay, climateSeed } from './weather-model';

const TORONTO = { latitude: 43.65, longitude: -79.38, climate: TORONTO_CLIMATE };
const HOUR = 3_600_000;

/** kWh/kWp over 2025, sampling one 5-minute interval per hour (×12) to keep the test fast. */
function annualYield(site: { latitude: number; longitude: number; climate: Climate }, seed: number): number {
  const array = uniformArray(6, 15, site.latitude);
  let kwh = 0;
  for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2026, 0, 1); t += HOUR) {
    kwh += simulateSolarInterval(site, array, seed, t).productionKwh * 12;
  }
  return kwh / arrayKwp(array);
}

/** The first clear-sky day (per the weather model) on or after `fromMs`. */
function clearDayNoon(seed: number, fromMs: number): number {
  for (let t = fromMs; ; t += 86_400_000) {
    const day = solarDayIndex(TORONTO.longitude, t);
    if (skyRegimeForDay(TORONTO_CLIMATE, climateSeed(TORONTO_CLIMATE, seed), day) === 'clear') {
      return solarNoonUtc(TORONTO.longitude, t);
    }
  }
}

describe('solar model', () => {
  const array = uniformArray(6.4, 16, TORONTO.latitude);

  it('follows Haurwitz: ≈ 970 W/m² at a 20° zenith, nothing below the horizon', () => {
    expect(clearSkyGhi(20)).toBeCloseTo(968, -1);
    expect(clearSkyGhi(95)).toBe(0);
  });

  it('produces nothing at night', () => {
    for (let h = 0; h < 24 * 30; h += 1) {
      const t = Date.UTC(2026, 5, 1, 4) + h * HOUR; // 04:00 UTC ≈ local midnight, then hourly
      const out = simulateSolarInterval(TORONTO, array, 1, t);
      if (new Date(t).getUTCHours() >= 3 && new Date(t).getUTCHours() <= 7) {
        expect(out.productionKwh).toBe(0);
        expect(out.panels.every((p) => p.efficiencyPct === undefined)).toBe(true);
      }
    }
  });

  it('makes a clear summer noon near, but under, the array rating', () => {
    const noon = clearDayNoon(1, Date.UTC(2026, 5, 10));
    const out = simulateSolarInterval(TORONTO, array, 1, noon - INTERVAL_MS / 2);
    const kw = out.productionKwh * 12;
    expect(kw).toBeGreaterThan(0.65 * 6.4);
    expect(kw).toBeLessThan(6.4);
    for (const panel of out.panels) {
      expect(panel.efficiencyPct).toBeGreaterThan(80);
      expect(panel.efficiencyPct).toBeLessThan(98);
    }
  });

  it('reports lower efficiency for a soiled or degraded panel', () => {
    const faulty = {
      ...array,
      panels: array.panels.map((p, i) => (i === 3 ? { ...p, soilingLoss: 0.08 } : i === 9 ? { ...p, degradation: 0.06 } : p)),
    };
    const noon = clearDayNoon(1, Date.UTC(2026, 4, 1));
    const panels = simulateSolarInterval(TORONTO, faulty, 1, noon).panels;
    const healthy = panels.filter((_, i) => i !== 3 && i !== 9).map((p) => p.efficiencyPct ?? 0);
    const lowestHealthy = Math.min(...healthy);
    expect(panels[3]?.efficiencyPct ?? 100).toBeLessThan(lowestHealthy - 4);
    expect(panels[9]?.efficiencyPct ?? 100).toBeLessThan(lowestHealthy - 3);
  });

  it('a cycling fault grows linearly to its maximum, then starts again after the repair', () => {
    const panel = { externalId: 'p', name: 'P', ratedW: 400, degradationCycle: { maxLoss: 0.2, periodDays: 120, phaseDays: 30 } };
    const day = (d: number) => (d - 30) * 86_400_000;
    expect(panelFaultLoss(panel, day(0))).toBeCloseTo(0, 12);
    expect(panelFaultLoss(panel, day(60))).toBeCloseTo(0.1, 12);
    expect(panelFaultLoss(panel, day(119))).toBeCloseTo(0.2 * (119 / 120), 12);
    expect(panelFaultLoss(panel, day(120))).toBeCloseTo(0, 12);
    expect(panelFaultLoss({ ...panel, degradation: 0.05 }, day(60))).toBeCloseTo(0.15, 12);
    expect(panelFaultLoss({ externalId: 'q', name: 'Q', ratedW: 400 }, day(60))).toBe(0);
  });

  it('sums panel energy to the array production', () => {
    const out = simulateSolarInterval(TORONTO, array, 4, Date.UTC(2026, 3, 14, 16));
    const sum = out.panels.reduce((s, p) => s + p.energyKwh, 0);
    expect(sum).toBeCloseTo(out.productionKwh, 12);
  });

  it('lands annual yields on NRCan figures for Toronto, Vancouver and Calgary', () => {
    for (const seed of [1, 2, 3]) {
      const toronto = annualYield(TORONTO, seed);
      expect(toronto).toBeGreaterThan(1100);
      expect(toronto).toBeLessThan(1250);
      const vancouver = annualYield({ latitude: 49.28, longitude: -123.12, climate: VANCOUVER_CLIMATE }, seed);
      expect(vancouver).toBeGreaterThan(1000);
      expect(vancouver).toBeLessThan(1100);
      const calgary = annualYield({ latitude: 51.05, longitude: -114.07, climate: CALGARY_CLIMATE }, seed);
      expect(calgary).toBeGreaterThan(1250);
      expect(calgary).toBeLessThan(1400);
    }
  });

  it('is deterministic per seed and varies between seeds', () => {
    const day = (seed: number) =>
      Array.from({ length: 288 }, (_, i) => simulateSolarInterval(TORONTO, array, seed, Date.UTC(2026, 6, 2) + i * INTERVAL_MS).productionKwh);
    expect(day(5)).toEqual(day(5));
    expect(day(5)).not.toEqual(day(6));
  });
});
