import { describe, expect, it } from 'vitest';
import { clamp } from './clamp';
import { DAY_MS, HOUR_MS, INTERVAL_HOURS, INTERVAL_MS, MINUTE_MS } from './time-constants';

describe('time constants', () => {
  it('are the spans they name', () => {
    expect([MINUTE_MS, HOUR_MS, DAY_MS, INTERVAL_MS, INTERVAL_HOURS]).toEqual([60_000, 3_600_000, 86_400_000, 300_000, 1 / 12]);
  });
});

describe('clamp', () => {
  it('keeps a value inside its bounds', () => {
    expect([clamp(-1, 0, 1), clamp(0.5, 0, 1), clamp(2, 0, 1)]).toEqual([0, 0.5, 1]);
  });
});
