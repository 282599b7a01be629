import { describe, expect, it } from 'vitest';
import { gen1CountersAt, gen1PowerNow, type Gen1ChannelValues } from './shelly-gen1-sum';

const BOUNDARY = Date.UTC(2026, 0, 15, 17, 5);
const channel = (c: number, values: Partial<Gen1ChannelValues>): Gen1ChannelValues => ({
  channel: c,
  powerW: null,
  powerMs: null,
  totalWh: null,
  totalMs: null,
  returnedWh: null,
  returnedMs: null,
  ...values,
});

describe('the power of a Gen1 Shelly EM’s channels', () => {
  it('is their sum once both legs have reported within a minute', () => {
    const legs = [channel(0, { powerW: 812.5, powerMs: BOUNDARY + 1_000 }), channel(1, { powerW: 667.25, powerMs: BOUNDARY + 1_200 })];
    // By hand: 812.5 + 667.25 = 1,479.75 W.
    expect(gen1PowerNow(legs, 2, BOUNDARY + 1_200)).toBe(1479.75);
    expect(gen1PowerNow(legs, 1, BOUNDARY + 1_200)).toBe(812.5);
  });

  it('waits for the second leg, and does not add a leg heard from more than a minute ago', () => {
    expect(gen1PowerNow([channel(0, { powerW: 800, powerMs: BOUNDARY })], 2, BOUNDARY)).toBeNull();
    const stale = [channel(0, { powerW: 800, powerMs: BOUNDARY + 61_000 }), channel(1, { powerW: 600, powerMs: BOUNDARY })];
    expect(gen1PowerNow(stale, 2, BOUNDARY + 61_000)).toBeNull();
  });

  it('is never below zero while the home exports', () => {
    const legs = [channel(0, { powerW: -900, powerMs: BOUNDARY }), channel(1, { powerW: 300, powerMs: BOUNDARY })];
    expect(gen1PowerNow(legs, 2, BOUNDARY)).toBe(0);
  });
});

describe('the totals of a Gen1 Shelly EM’s channels', () => {
  it('are summed as of the boundary once both legs reported both totals inside the interval', () => {
    const legs = [
      channel(0, { totalWh: 1_234_567.8, totalMs: BOUNDARY + 2_000, returnedWh: 10.5, returnedMs: BOUNDARY + 2_000 }),
      channel(1, { totalWh: 987_654.3, totalMs: BOUNDARY + 2_100, returnedWh: 0.25, returnedMs: BOUNDARY + 2_100 }),
    ];
    // By hand: 1,234,567.8 + 987,654.3 = 2,222,222.1 Wh = 2,222.2221 kWh; 10.5 + 0.25 = 10.75 Wh = 0.01075 kWh.
    expect(gen1CountersAt(legs, 2, BOUNDARY + 2_100)).toEqual({ ts: new Date(BOUNDARY), importKwh: 2222.2221, exportKwh: 0.01075 });
  });

  it('wait while a leg’s total or returned total is missing or from the interval before', () => {
    const first = channel(0, { totalWh: 100, totalMs: BOUNDARY + 2_000, returnedWh: 0, returnedMs: BOUNDARY + 2_000 });
    expect(gen1CountersAt([first, channel(1, { totalWh: 50, totalMs: BOUNDARY + 2_000 })], 2, BOUNDARY + 2_000)).toBeNull();
    expect(gen1CountersAt([first, channel(1, { totalWh: 50, totalMs: BOUNDARY - 1_000, returnedWh: 0, returnedMs: BOUNDARY - 1_000 })], 2, BOUNDARY + 2_000)).toBeNull();
    expect(gen1CountersAt([first], 1, BOUNDARY + 2_000)).toEqual({ ts: new Date(BOUNDARY), importKwh: 0.1, exportKwh: 0 });
  });
});
