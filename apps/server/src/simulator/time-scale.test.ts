import { describe, expect, it } from 'vitest';
import { createTimeScale, dueIntervalStarts, toSimulatedTime, toWallClockTime } from './time-scale';

describe('time scale', () => {
  const wall = Date.UTC(2026, 0, 1, 12);
  const sim = Date.UTC(2026, 5, 1, 6);

  it('runs simulated time at the speed factor and inverts', () => {
    const scale = createTimeScale(wall, sim, 60);
    expect(toSimulatedTime(scale, wall)).toBe(sim);
    expect(toSimulatedTime(scale, wall + 60_000)).toBe(sim + 3_600_000);
    expect(toWallClockTime(scale, toSimulatedTime(scale, wall + 12_345))).toBe(wall + 12_345);
  });

  it('refuses a non-positive speed', () => {
    expect(() => createTimeScale(wall, sim, 0)).toThrow(RangeError);
  });

  it('lists only completed intervals after the last one sent', () => {
    const t0 = Date.UTC(2026, 5, 1, 6);
    expect(dueIntervalStarts(t0, t0 + 9 * 60_000)).toEqual([]);
    expect(dueIntervalStarts(t0, t0 + 10 * 60_000)).toEqual([t0 + 5 * 60_000]);
    expect(dueIntervalStarts(t0, t0 + 21 * 60_000)).toHaveLength(3);
  });
});
