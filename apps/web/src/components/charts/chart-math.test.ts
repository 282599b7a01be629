import { describe, expect, it } from 'vitest';
import { bandLayout, clampedScale, domainTicks, indexAt, labelStride, lineSegments, linearScale, missingRuns, niceStep, niceTicks } from './chart-math';

describe('niceStep', () => {
  it('rounds up to 1, 2, 2.5, 5 or 10 times a power of ten', () => {
    expect([0.07, 0.13, 0.23, 0.4, 0.9, 3, 7, 12, 480].map(niceStep)).toEqual([0.1, 0.2, 0.25, 0.5, 1, 5, 10, 20, 500]);
    expect(niceStep(0)).toBe(1);
    expect(niceStep(Number.NaN)).toBe(1);
  });
});

describe('niceTicks', () => {
  it('covers the largest value from zero in even steps', () => {
    expect(niceTicks([1.2, 3.7, 2])).toEqual([0, 1, 2, 3, 4]);
    expect(niceTicks([31.4, 27])).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks([0.42])).toEqual([0, 0.2, 0.4, 0.6]);
  });

  it('has no float drift', () => {
    for (const tick of niceTicks([0.7])) expect(String(tick)).toMatch(/^\d(\.\d{1,2})?$/);
  });

  it('ignores missing values and still draws an axis for no data', () => {
    expect(niceTicks([null, 8, null])).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks([null, null])).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(niceTicks([0, 0])).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });

  it('reaches below zero for negative values (net export)', () => {
    expect(niceTicks([-3, 5])).toEqual([-4, -2, 0, 2, 4, 6]);
  });
});

describe('linearScale', () => {
  it('maps domain to range, inverted for SVG y', () => {
    const y = linearScale([0, 40], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(40)).toBe(0);
    expect(y(10)).toBe(150);
    expect(linearScale([5, 5], [0, 100])(5)).toBe(0);
  });
});

describe('fixed axis', () => {
  it('ticks a fixed domain in even steps from end to end', () => {
    expect(domainTicks([80, 100])).toEqual([80, 85, 90, 95, 100]);
    expect(domainTicks([0, 1])).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(domainTicks([5, 5])).toEqual([5, 6]);
  });

  it('pins values outside the domain to its edges', () => {
    const y = clampedScale([80, 100], [200, 0]);
    expect(y(90)).toBe(100);
    expect(y(62)).toBe(200);
    expect(y(0)).toBe(200);
    expect(y(104)).toBe(0);
  });
});

describe('bandLayout and indexAt', () => {
  it('centres bands in equal slots', () => {
    const bands = bandLayout(4, 400, 0.2);
    expect(bands.step).toBe(100);
    expect(bands.band).toBe(80);
    expect(bands.start(1)).toBe(110);
    expect(bands.center(3)).toBe(350);
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
