import { describe, expect, it } from 'vitest';
import { addDays, type LocalDate } from '../../packages/domain/src/local-time';
import { startShareOn, type Battery } from './baseline-population';

const battery = (startSpread: number): Battery => ({ capacityKwh: 13.5, powerKw: 5, startShare: 0.3, startSpread, carriesNight: false, shaveAboveKw: 0 });
const days = Array.from({ length: 60 }, (_, i) => addDays('2026-01-01' as LocalDate, i));

describe('a self-consuming battery’s charge at the first simulated slot', () => {
  it('is its start share every day without a spread', () => {
    expect(new Set(days.map((d) => startShareOn({ seed: 7, battery: battery(0) }, d)))).toEqual(new Set([0.3]));
  });

  it('moves day to day inside start share ± half the spread, the same for the same home and day', () => {
    const shares = days.map((d) => startShareOn({ seed: 7, battery: battery(0.4) }, d));
    expect(Math.min(...shares)).toBeGreaterThanOrEqual(0.1);
    expect(Math.max(...shares)).toBeLessThanOrEqual(0.5);
    // Sixty uniform draws over a width of 0.4 cover most of it.
    expect(Math.max(...shares) - Math.min(...shares)).toBeGreaterThan(0.3);
    expect(days.map((d) => startShareOn({ seed: 7, battery: battery(0.4) }, d))).toEqual(shares);
    expect(days.map((d) => startShareOn({ seed: 8, battery: battery(0.4) }, d))).not.toEqual(shares);
  });

  it('never starts below the reserve (10 %) or above full', () => {
    const shares = days.map((d) => startShareOn({ seed: 7, battery: battery(2) }, d));
    expect(Math.min(...shares)).toBe(0.1);
    expect(Math.max(...shares)).toBe(1);
  });
});
