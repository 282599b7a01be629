import { describe, expect, it } from 'vitest';
import { indexAt, labelStride, lineSegments, missingRuns, slotCenter, slotScale, slotStart, valueScale, valueTicks } from './chart-math';

const ticksOf = (values: (number | null)[], fixed?: readonly [number, number]) => valueTicks(valueScale(values, [200, 0], fixed));

describe('value axis', () => {
  it('covers the largest value from zero in even, round steps', () => {
    expect(ticksOf([1.2, 3.7, 2])).toEqual([0, 1, 2, 3, 4]);
    expect(ticksOf([31.4, 27])).toEqual([0, 10, 20, 30, 40]);
    expect(ticksOf([0.42])).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5]);
  });

  it('has no float drift', () => {
    for (const tick of ticksOf([0.7])) expect(String(tick)).toMatch(/^\d(\.\d{1,2})?$/);
  });

  it('ignores missing values and still draws an axis for no data', () => {
    expect(ticksOf([null, 8, null])).toEqual([0, 2, 4, 6, 8]);
    expect(ticksOf([null, null])).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(ticksOf([0, 0])).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });

  it('reaches below zero for negative values (net export)', () => {
    expect(ticksOf([-3, 5])).toEqual([-4, -2, 0, 2, 4, 6]);
  });

  it('rounds out as d3 does at other magnitudes (values taken from d3-scale)', () => {
    expect(ticksOf([1234])).toEqual([0, 500, 1000, 1500]);
    expect(ticksOf([0.0037])).toEqual([0, 0.001, 0.002, 0.003, 0.004]);
    expect(ticksOf([-0.5, 17])).toEqual([-5, 0, 5, 10, 15, 20]);
    expect(ticksOf([987654])).toEqual([0, 200000, 400000, 600000, 800000, 1000000]);
  });

  it('maps values onto the range, inverted for SVG y', () => {
    const y = valueScale([40], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(40)).toBe(0);
    expect(y(10)).toBe(150);
  });
});

describe('fixed axis', () => {
  it('ticks a fixed domain in even steps from end to end', () => {
    expect(ticksOf([], [80, 100])).toEqual([80, 85, 90, 95, 100]);
    expect(ticksOf([], [82, 100])).toEqual([82, 85, 90, 95, 100]);
  });

  it('pins values outside the domain to its edges', () => {
    const y = valueScale([62, 104], [200, 0], [80, 100]);
    expect(y(90)).toBe(100);
    expect(y(62)).toBe(200);
    expect(y(0)).toBe(200);
    expect(y(104)).toBe(0);
  });
});

describe('slots and indexAt', () => {
  it('centres bands in equal slots', () => {
    const slots = slotScale(4, 400, 0.2);
    expect(slots.step()).toBeCloseTo(100, 9);
    expect(slots.bandwidth()).toBeCloseTo(80, 9);
    expect(slotStart(slots, 1)).toBeCloseTo(110, 9);
    expect(slotCenter(slots, 3)).toBeCloseTo(350, 9);
    const line = slotScale(24, 480, 0);
    expect(slotCenter(line, 0)).toBeCloseTo(10, 9);
  });

  it('places grouped bars as d3 band scale does, and has no slot outside the range', () => {
    const group = slotScale(3, 90, 0.12);
    expect(group.step()).toBeCloseTo(30, 9);
    expect(group.bandwidth()).toBeCloseTo(26.4, 9);
    expect(slotStart(group, 0)).toBeCloseTo(1.8, 9);
    expect(slotStart(group, 2)).toBeCloseTo(61.8, 9);
    expect(group(3)).toBeUndefined();
    expect(slotStart(group, -1)).toBe(0);
  });

  it('finds the slot under the pointer, clamped', () => {
    expect(indexAt(0, 24, 480)).toBe(0);
    expect(indexAt(479, 24, 480)).toBe(23);
    expect(indexAt(600, 24, 480)).toBe(23);
    expect(indexAt(-5, 24, 480)).toBe(0);
  });
});

describe('gaps', () => {
  it('breaks a line at every missing value', () => {
    expect(lineSegments([1, 2, null, 4, null, null, 7, 8])).toEqual([
      { start: 0, values: [1, 2] },
      { start: 3, values: [4] },
      { start: 6, values: [7, 8] },
    ]);
    expect(lineSegments([null, null])).toEqual([]);
    expect(lineSegments([0, 0])).toEqual([{ start: 0, values: [0, 0] }]);
  });

  it('groups missing values into runs, and a zero is data, not a gap', () => {
    expect(missingRuns([1, null, null, 0, null, 5, null])).toEqual([
      [1, 2],
      [4, 4],
      [6, 6],
    ]);
    expect(missingRuns([0, 1])).toEqual([]);
  });
});

describe('labelStride', () => {
  it('thins labels so they fit', () => {
    expect(labelStride(7, 700, 48)).toBe(1);
    expect(labelStride(24, 320, 40)).toBe(3);
    expect(labelStride(365, 900, 60)).toBe(25);
  });
});
