import { DEMO_NEIGHBOURS } from '@peakwise/contracts/demo-account';
import { decideComfort, MIN_SWITCH_GAP_MS, type ComfortDecision } from '@peakwise/domain/room-comfort';
import { INTERVAL_MS, MINUTE_MS } from '@peakwise/domain/time-constants';
import { describe, expect, it } from 'vitest';
import { simulateInterval } from './household-simulator';
import { neighbourProfile } from './neighbour-profiles';

const montreal = neighbourProfile(DEMO_NEIGHBOURS.find((n) => n.province === 'QC')!);
const heaterId = montreal.heatedRoom!.heaterId;
const limits = { floorC: 20, ceilingC: 26 };

describe('the demo’s Montréal home in a cold winter event', () => {
  it('its living room reaches a 20 °C floor, the comfort rule restores the baseboard at once, and switches it off again only after it recovers, never twice in 15 minutes', () => {
    // Wednesday 20 January 2027, 6–9 a.m. in Montréal (11:00–14:00 UTC), checked at every reading.
    const startMs = Date.parse('2027-01-20T11:00:00Z');
    const room = { tempC: montreal.heatedRoom!.setpointC };
    const thermometer = (at: number, off: boolean) => {
      const interval = simulateInterval(montreal, new Date(at), 7, { offPlugIds: new Set(off ? [heaterId] : []), isShedding: () => at >= startMs, room });
      return { temperatureC: interval.devices.find((d) => d.externalId === 'home-thermo-living')!.metrics.temperatureC!, atMs: at };
    };
    let reading = thermometer(startMs - INTERVAL_MS, false);
    let heldOff = false;
    let lastSwitchAtMs: number | null = null;
    const log: (ComfortDecision & { atMs: number; temperatureC: number })[] = [];
    for (let at = startMs; at < startMs + 3 * 60 * MINUTE_MS; at += INTERVAL_MS) {
      const decision = decideComfort({ load: 'heating', limits, heldOff, lastSwitchAtMs, reading, nowMs: at });
      if (decision.action !== 'stay') {
        heldOff = decision.action === 'switch_off';
        lastSwitchAtMs = at;
        log.push({ ...decision, atMs: at, temperatureC: reading.temperatureC });
      }
      reading = thermometer(at, heldOff);
    }

    expect(log[0]).toMatchObject({ action: 'switch_off', reason: 'within_limit', atMs: startMs });
    // The floor is reached within the first hour and the baseboard restored at that check.
    const restore = log.find((l) => l.action === 'restore')!;
    expect(restore).toMatchObject({ reason: 'crossed_limit' });
    expect(restore.temperatureC).toBeLessThan(limits.floorC);
    expect(restore.atMs - startMs).toBeLessThan(60 * MINUTE_MS);
    // Off again only once the room is back by the 1 °C margin, 15 minutes or more after the restore.
    const again = log.find((l) => l.atMs > restore.atMs)!;
    expect(again).toMatchObject({ action: 'switch_off', reason: 'recovered' });
    expect(again.temperatureC).toBeGreaterThanOrEqual(limits.floorC + 1);
    const offs = log.filter((l) => l.action === 'switch_off').map((l) => l.atMs);
    for (let i = 1; i < offs.length; i += 1) expect(offs[i]! - offs[i - 1]!).toBeGreaterThanOrEqual(MIN_SWITCH_GAP_MS);
  });
});
