import { describe, expect, it } from 'vitest';
import { MAX_CLOCK_OFFSET_MS } from '@peakwise/contracts/test-clock.contract';
import { createClock } from './clock';

describe('createClock', () => {
  it('reads real time when nothing moved it', () => {
    let real = Date.parse('2026-03-08T06:59:00Z');
    const clock = createClock({ realNow: () => real });
    expect(clock.now().toISOString()).toBe('2026-03-08T06:59:00.000Z');
    real += 61_000;
    expect(clock.now().toISOString()).toBe('2026-03-08T07:00:01.000Z');
    expect(clock.offsetMs()).toBe(0);
  });

  it('runs ahead by the configured offset and keeps ticking with real time', () => {
    let real = Date.parse('2026-11-24T22:00:00Z');
    const clock = createClock({ offsetMs: 90 * 60_000, realNow: () => real });
    expect(clock.now().toISOString()).toBe('2026-11-24T23:30:00.000Z');
    real += 5 * 60_000;
    expect(clock.now().toISOString()).toBe('2026-11-24T23:35:00.000Z');
  });

  it('moves when told, back to real time at 0, and refuses to run behind or absurdly far ahead', () => {
    const real = Date.parse('2026-11-24T22:00:00Z');
    const clock = createClock({ realNow: () => real });
    clock.setOffsetMs(2 * 3_600_000);
    expect(clock.now().toISOString()).toBe('2026-11-25T00:00:00.000Z');
    clock.setOffsetMs(0);
    expect(clock.now().toISOString()).toBe('2026-11-24T22:00:00.000Z');
    for (const bad of [-1, 0.5, MAX_CLOCK_OFFSET_MS + 1, Number.NaN]) {
      expect(() => clock.setOffsetMs(bad)).toThrow(RangeError);
      expect(clock.offsetMs()).toBe(0);
    }
    expect(() => createClock({ offsetMs: -60_000 })).toThrow(RangeError);
  });

  it('is real time by default', () => {
    const before = Date.now();
    const read = createClock().now().getTime();
    expect(read).toBeGreaterThanOrEqual(before);
    expect(read).toBeLessThanOrEqual(Date.now());
  });
});
