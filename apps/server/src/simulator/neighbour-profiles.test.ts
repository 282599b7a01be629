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
});
