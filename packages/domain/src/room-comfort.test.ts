import { describe, expect, it } from 'vitest';
import { adjustmentWindowSlots } from './event-intervals';
import { comfortLimitProblems, decideComfort, type ComfortInput } from './room-comfort';

const MIN = 60_000;
const NOW = Date.UTC(2026, 0, 15, 17, 0);
/** Floor 19 °C, ceiling 26 °C; a heater held off, last switched 20 minutes ago, read a minute ago. */
const base: ComfortInput = { load: 'heating', limits: { floorC: 19, ceilingC: 26 }, heldOff: true, lastSwitchAtMs: NOW - 20 * MIN, reading: { temperatureC: 20, atMs: NOW - MIN }, nowMs: NOW };
const at = (temperatureC: number, ageMin = 1) => ({ temperatureC, atMs: NOW - ageMin * MIN });

describe('comfort limits', () => {
  it.each([
    [19, 26, []],
    [10, 30, []],
    [19.5, 25.5, []],
    [9.5, 26, ['floor_out_of_range']],
    [19, 30.5, ['ceiling_out_of_range']],
    [26, 19, ['floor_not_below_ceiling']],
    [22, 22, ['floor_not_below_ceiling']],
    [19.2, 26, ['not_half_degree']],
    [31, 8, ['floor_out_of_range', 'ceiling_out_of_range', 'floor_not_below_ceiling']],
    [Number.NaN, 26, ['floor_out_of_range', 'floor_not_below_ceiling', 'not_half_degree']],
  ])('floor %s, ceiling %s → %j', (floorC, ceilingC, problems) => {
    expect(comfortLimitProblems({ floorC, ceilingC })).toEqual(problems);
  });
});

describe('the comfort rule, by hand', () => {
  it.each<[string, Partial<ComfortInput>, string, string]>([
    // Held off (heating, floor 19).
    ['room at 20 °C, above the floor: stays off', {}, 'stay', 'within_limit'],
    ['room exactly at the floor: still the right side', { reading: at(19) }, 'stay', 'within_limit'],
    ['room at 18.9 °C: crossed, restored at once', { reading: at(18.9) }, 'restore', 'crossed_limit'],
    ['crossed one minute after the switch-off: restored anyway', { reading: at(18.5), lastSwitchAtMs: NOW - MIN }, 'restore', 'crossed_limit'],
    ['sensor read 31 minutes ago: fail safe', { reading: at(21, 31) }, 'restore', 'sensor_silent'],
    ['sensor read exactly 30 minutes ago: still heard', { reading: at(21, 30) }, 'stay', 'within_limit'],
    ['no sensor in the room: restored', { reading: null }, 'restore', 'no_sensor'],
    // Running (not held off).
    ['first check, room at 20 °C: switched off', { heldOff: false, lastSwitchAtMs: null }, 'switch_off', 'within_limit'],
    ['first check, room at 18 °C: left on', { heldOff: false, lastSwitchAtMs: null, reading: at(18) }, 'stay', 'crossed_limit'],
    ['first check, no sensor: never switched', { heldOff: false, lastSwitchAtMs: null, reading: null }, 'stay', 'no_sensor'],
    ['first check, sensor silent: never switched', { heldOff: false, lastSwitchAtMs: null, reading: at(21, 45) }, 'stay', 'sensor_silent'],
    ['restored, room back to 19.9 °C: not yet by the 1 °C margin', { heldOff: false, reading: at(19.9) }, 'stay', 'not_recovered'],
    ['restored, room back to 20 °C, 20 minutes on: off again', { heldOff: false }, 'switch_off', 'recovered'],
    ['restored 14 minutes ago, room at 21 °C: too soon', { heldOff: false, lastSwitchAtMs: NOW - 14 * MIN, reading: at(21) }, 'stay', 'too_soon'],
    ['restored exactly 15 minutes ago, room at 21 °C: off again', { heldOff: false, lastSwitchAtMs: NOW - 15 * MIN, reading: at(21) }, 'switch_off', 'recovered'],
    // Cooling (ceiling 26).
    ['air conditioner held off, room at 26.5 °C: restored', { load: 'cooling', reading: at(26.5) }, 'restore', 'crossed_limit'],
    ['air conditioner held off, room at 26 °C: stays off', { load: 'cooling', reading: at(26) }, 'stay', 'within_limit'],
    ['air conditioner restored, room at 25.1 °C: 0.9 °C in, not recovered', { load: 'cooling', heldOff: false, reading: at(25.1) }, 'stay', 'not_recovered'],
    ['air conditioner restored, room at 25 °C: off again', { load: 'cooling', heldOff: false, reading: at(25) }, 'switch_off', 'recovered'],
  ])('%s', (_, change, action, reason) => {
    expect(decideComfort({ ...base, ...change })).toEqual({ action, reason });
  });
});

describe('pre-heat', () => {
  it('is the hour before the start, and today’s same-day adjustment window never reaches into it', () => {
    const start = new Date('2026-01-15T22:00:00Z'); // 5 p.m. in Montréal: pre-heat runs 4–5 p.m.
    const window = adjustmentWindowSlots(start, 'America/Toronto', 60);
    // Three hours ending an hour before the start: 1:00 p.m. to 3:55 p.m., by hand.
    expect(window?.slots[0]).toBe('13:00');
    expect(window?.slots.at(-1)).toBe('15:55');
  });
});
