import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideComfort, type ComfortLoad } from './room-comfort';

const MIN = 60_000;
const GAP = 15 * MIN;
const SILENT = 30 * MIN;

/**
 * A whole event checked at random moments with random room temperatures and sensor silences:
 * the load is driven only by the rule's decisions, and what happened is checked against
 * statements written from the rule's wording, not from its code.
 */
const check = fc.record({
  stepMin: fc.integer({ min: 1, max: 10 }),
  temperatureC: fc.integer({ min: 150, max: 300 }).map((t) => t / 10),
  /** How long ago the sensor last reported, in minutes (past 30: silent). */
  ageMin: fc.integer({ min: 0, max: 40 }),
});

describe('the comfort rule over a whole event', () => {
  it('never switches a load off within 15 minutes of its previous switch, and restores at once when it must', () => {
    fc.assert(
      fc.property(fc.constantFrom<ComfortLoad>('heating', 'cooling'), fc.boolean(), fc.array(check, { minLength: 1, maxLength: 60 }), (load, hasSensor, checks) => {
        const limits = { floorC: 19, ceilingC: 26 };
        let now = 0;
        let heldOff = false;
        let lastSwitch: number | null = null;
        const switches: { at: number; to: 'off' | 'on' }[] = [];
        for (const c of checks) {
          now += c.stepMin * MIN;
          const reading = hasSensor ? { temperatureC: c.temperatureC, atMs: now - c.ageMin * MIN } : null;
          const decision = decideComfort({ load, limits, heldOff, lastSwitchAtMs: lastSwitch, reading, nowMs: now });
          const crossed = load === 'heating' ? c.temperatureC < limits.floorC : c.temperatureC > limits.ceilingC;
          const mustRestore = !hasSensor || c.ageMin * MIN > SILENT || crossed;
          // Held off and the room crossed, the sensor went quiet or there is none: restored at this very check.
          if (heldOff && mustRestore) expect(decision.action).toBe('restore');
          // Never switched off on a crossed room, on a silent sensor or without one.
          if (mustRestore) expect(decision.action).not.toBe('switch_off');
          if (decision.action === 'switch_off') {
            expect(heldOff).toBe(false);
            // Off again after a restore only once the room is back inside its limit by 1 °C (tenths, by hand).
            const insideTenths = load === 'heating' ? Math.round(c.temperatureC * 10) - 190 : 260 - Math.round(c.temperatureC * 10);
            if (lastSwitch !== null) expect(insideTenths).toBeGreaterThanOrEqual(10);
            heldOff = true;
            lastSwitch = now;
            switches.push({ at: now, to: 'off' });
          } else if (decision.action === 'restore') {
            expect(heldOff).toBe(true);
            heldOff = false;
            lastSwitch = now;
            switches.push({ at: now, to: 'on' });
          }
        }
        // Any switch off comes at least 15 minutes after the switch before it: two switches within
        // 15 minutes are only ever an "off" followed by a safety restore, so at most one flap per 15 minutes.
        for (let i = 1; i < switches.length; i += 1) {
          if (switches[i]!.to === 'off') expect(switches[i]!.at - switches[i - 1]!.at).toBeGreaterThanOrEqual(GAP);
        }
        for (let i = 2; i < switches.length; i += 2) expect(switches[i]!.at - switches[i - 2]!.at).toBeGreaterThanOrEqual(GAP);
        // The room never goes without a sensor and still gets switched.
        if (!hasSensor) expect(switches).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });
});
