import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { counterToInterval } from './counter';

const at = (hhmm: string) => new Date(`2025-01-15T${hhmm}:00Z`);

describe('counterToInterval', () => {
  it('the first total is only a baseline', () => {
    expect(counterToInterval(null, { ts: at('12:00'), counterKwh: 100 })).toEqual({ kind: 'baseline' });
  });

  it('gives the energy of the interval that starts at the previous total', () => {
    expect(counterToInterval({ ts: at('12:00'), counterKwh: 100 }, { ts: at('12:05'), counterKwh: 100.25 })).toEqual({
      kind: 'interval',
      start: at('12:00'),
      energyKwh: 0.25,
    });
  });

  it('counter_reset: a counter that went backwards (plug reboot) is a new baseline, never a negative spike', () => {
    const step = counterToInterval({ ts: at('12:00'), counterKwh: 100 }, { ts: at('12:05'), counterKwh: 0.02 });
    expect(step).toMatchObject({ kind: 'refused', reason: 'counter_reset' });
    expect(step).not.toHaveProperty('energyKwh');
  });

  it('less than 1 Wh backwards is rounding jitter, read as zero energy', () => {
    expect(counterToInterval({ ts: at('12:00'), counterKwh: 100.0005 }, { ts: at('12:05'), counterKwh: 100 })).toEqual({
      kind: 'interval',
      start: at('12:00'),
      energyKwh: 0,
    });
  });

  it('counter_jump: more than the device cap over the elapsed time is refused; at the cap passes', () => {
    // 20 kW for 5 minutes = 1.6667 kWh.
    expect(counterToInterval({ ts: at('12:00'), counterKwh: 0 }, { ts: at('12:05'), counterKwh: 1.7 })).toMatchObject({ kind: 'refused', reason: 'counter_jump' });
    expect(counterToInterval({ ts: at('12:00'), counterKwh: 0 }, { ts: at('12:05'), counterKwh: 1.66 })).toMatchObject({ kind: 'interval' });
    // A 2 kW heater cannot use 0.2 kWh in 5 minutes.
    expect(counterToInterval({ ts: at('12:00'), counterKwh: 0 }, { ts: at('12:05'), counterKwh: 0.2 }, 2000)).toMatchObject({ reason: 'counter_jump' });
  });

  it('a gap of several intervals keeps them missing, with the total it spans', () => {
    expect(counterToInterval({ ts: at('12:00'), counterKwh: 10 }, { ts: at('12:20'), counterKwh: 10.8 })).toEqual({
      kind: 'gap',
      start: at('12:00'),
      end: at('12:20'),
      intervals: 4,
      energyKwh: 0.8,
    });
    // The cap scales with the elapsed time: 0.8 kWh in 20 minutes is fine, not in 5.
    expect(counterToInterval({ ts: at('12:00'), counterKwh: 10 }, { ts: at('12:05'), counterKwh: 11.8 })).toMatchObject({ reason: 'counter_jump' });
  });

  it('a total not newer than the stored one is stale and changes nothing', () => {
    expect(counterToInterval({ ts: at('12:05'), counterKwh: 10 }, { ts: at('12:05'), counterKwh: 10 })).toEqual({ kind: 'stale' });
    expect(counterToInterval({ ts: at('12:05'), counterKwh: 10 }, { ts: at('12:00'), counterKwh: 9 })).toEqual({ kind: 'stale' });
  });

  it('property: energy, when known, is never negative and never above the cap', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.double({ min: 0, max: 1e6, noNaN: true }), fc.integer({ min: 1, max: 288 }), (a, b, n) => {
        const step = counterToInterval({ ts: at('00:00'), counterKwh: a }, { ts: new Date(at('00:00').getTime() + n * 300_000), counterKwh: b });
        if (step.kind === 'interval' || step.kind === 'gap') {
          expect(step.energyKwh).toBeGreaterThanOrEqual(0);
          expect(step.energyKwh).toBeLessThanOrEqual(20 * (n / 12) + 0.001);
        }
      }),
    );
  });
});
