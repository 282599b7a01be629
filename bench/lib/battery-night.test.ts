import { describe, expect, it } from 'vitest';
import { DEMO_HOUSEHOLD } from '../../apps/server/src/simulator/household-profile';
import { intervalContext } from '../../apps/server/src/simulator/interval-context';
import { simulateLoadInterval } from '../../apps/server/src/simulator/load-model';
import { INTERVAL_MS } from '../../packages/domain/src/time-constants';
import { batteryThroughHours, type Battery, type Sky } from './baseline-population';

const battery: Battery = { capacityKwh: 13.5, powerKw: 5, startShare: 0.3, startSpread: 0, carriesNight: true, shaveAboveKw: 0 };
const profile = { ...DEMO_HOUSEHOLD, solar: { ...DEMO_HOUSEHOLD.solar, panels: DEMO_HOUSEHOLD.solar.panels.slice(0, 4) } };
const home = { seed: 11, profile, battery };
const FROM = Date.parse('2026-01-14T01:00:00Z'); // 20:00 in Toronto
const dark = (): Sky => ({ panelKwh: 0, airTempC: -5, sunElevationDeg: -30, precipitation: false });

/** The home's ordinary draw over [from, to), read from the load model directly, each slot's at most `cap` kWh. */
function drawn(from: number, to: number, cap = Infinity): number {
  let kwh = 0;
  for (let ms = from; ms < to; ms += INTERVAL_MS) {
    kwh += Math.min(cap, simulateLoadInterval(profile, home.seed, intervalContext(profile, home.seed, ms), { outdoorTempC: -5, sunElevationDeg: -30, precipitation: false }, new Set(), 1).consumptionKwh);
  }
  return kwh;
}

describe('a self-consuming battery through the hours the harness does not record', () => {
  it('covers the home’s draw in the dark, kWh for kWh up to its 5 kW', () => {
    const to = FROM + 2 * 3_600_000;
    // Two hours of a winter evening's draw, under the 12.15 kWh above the reserve; some slots draw more than 5 kW.
    const covered = drawn(FROM, to, 5 / 12);
    expect(covered).toBeGreaterThan(1);
    expect(covered).toBeLessThan(drawn(FROM, to));
    expect(batteryThroughHours(home, dark, 13.5, FROM, to)).toBeCloseTo(13.5 - covered, 9);
  });

  it('stops at its 10 % reserve through a long night', () => {
    expect(batteryThroughHours(home, dark, 2, FROM, FROM + 15 * 3_600_000)).toBeCloseTo(1.35, 9);
  });

  it('charges from the panels’ surplus, at most its power, up to full', () => {
    // 4 panels × 0.5 kWh a slot, far above the home's draw: the 5 kW limit (0.4167 kWh a slot) binds.
    const sunny = (): Sky => ({ panelKwh: 0.5, airTempC: 20, sunElevationDeg: 40, precipitation: false });
    expect(batteryThroughHours(home, sunny, 1.35, FROM, FROM + 3 * INTERVAL_MS)).toBeCloseTo(1.35 + 3 * (5 / 12), 9);
    expect(batteryThroughHours(home, sunny, 1.35, FROM, FROM + 10 * 3_600_000)).toBe(13.5);
  });
});
