import { DEMO_NEIGHBOURS } from '@peakwise/contracts/demo-account';
import { INTERVAL_MS } from '@peakwise/domain/time-constants';
import { describe, expect, it } from 'vitest';
import { deviceIds } from './household-profile';
import { simulateInterval } from './household-simulator';
import { neighbourProfile } from './neighbour-profiles';

const byProvince = Object.fromEntries(DEMO_NEIGHBOURS.map((who) => [who.province, neighbourProfile(who)]));

/** A whole local day's grid use, summed interval by interval from the simulator. */
function dayKwh(province: string, dayStartUtc: Date): number {
  let kwh = 0;
  for (let t = dayStartUtc.getTime(); t < dayStartUtc.getTime() + 288 * INTERVAL_MS; t += INTERVAL_MS) kwh += simulateInterval(byProvince[province]!, new Date(t), 7).meter.consumptionKwh;
  return kwh;
}

describe('the other provinces’ demo homes', () => {
  it('are where their members live, with device ids ingestion accepts', () => {
    for (const who of DEMO_NEIGHBOURS) {
      const profile = neighbourProfile(who);
      expect(profile).toMatchObject({ province: who.province, postalCode: who.postalCode, timeZone: who.timeZone, name: `${who.city} home` });
      const ids = deviceIds(profile);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_.:-]{1,64}$/);
    }
  });

  it('heat as their provinces do: in January, Montréal’s baseboards use far more than Calgary’s gas-heated home, and more than in July', () => {
    const january = dayKwh('QC', new Date('2027-01-20T05:00:00Z'));
    const july = dayKwh('QC', new Date('2026-07-20T04:00:00Z'));
    const calgaryJanuary = dayKwh('AB', new Date('2027-01-20T07:00:00Z'));
    expect(january).toBeGreaterThan(2 * calgaryJanuary);
    expect(january).toBeGreaterThan(2 * july);
  });

  it('Montréal’s living room cools while its baseboard’s relay is open, warms when it closes, and an event leaves the baseboard to the comfort rule', () => {
    const montreal = byProvince.QC!;
    const heaterId = montreal.heatedRoom!.heaterId;
    const room = { tempC: 21 };
    const night = Date.parse('2027-01-20T08:00:00Z'); // 3 a.m. in Montréal, January
    const step = (i: number, offPlugIds: Set<string>, isShedding = () => false) => {
      const interval = simulateInterval(montreal, new Date(night + i * INTERVAL_MS), 7, { offPlugIds, isShedding, room });
      const device = (id: string) => interval.devices.find((d) => d.externalId === id)!;
      return { tempC: device('home-thermo-living').metrics.temperatureC!, heater: device(heaterId) };
    };
    const off = Array.from({ length: 12 }, (_, i) => step(i, new Set([heaterId])));
    for (const [i, s] of off.entries()) {
      expect(s.heater).toMatchObject({ on: false, powerW: 0 });
      expect(s.tempC).toBeLessThanOrEqual(i === 0 ? 21 : off[i - 1]!.tempC);
    }
    expect(off.at(-1)!.tempC).toBeLessThan(20);
    const on = Array.from({ length: 6 }, (_, i) => step(12 + i, new Set()));
    for (const [i, s] of on.entries()) {
      expect(s.heater).toMatchObject({ on: true, powerW: 1500 });
      expect(s.tempC).toBeGreaterThan(i === 0 ? off.at(-1)!.tempC : on[i - 1]!.tempC);
    }
    // An event the home opted in to switches its other plugs off, never the baseboard.
    const shed = step(18, new Set(), () => true);
    expect(shed.heater.on).toBe(true);
    expect(simulateInterval(montreal, new Date(night), 7, { isShedding: () => true }).devices.find((d) => d.externalId === 'home-plug-tv')!.on).toBe(false);
  });
});
