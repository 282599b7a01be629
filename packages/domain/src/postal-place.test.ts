import { describe, expect, it } from 'vitest';
import { cityOf } from './postal-place';

describe('cityOf', () => {
  it('names the city of a code the offline table knows, Toronto for every M code', () => {
    expect(cityOf('M5H2N2')).toBe('Toronto');
    expect(cityOf('M1B1A1')).toBe('Toronto');
    expect(cityOf('K1A0B1')).toBe('Ottawa');
    expect(cityOf('V6B1A1')).toBe('Vancouver');
    expect(cityOf('V9A1A1')).toBe('Victoria');
  });

  it('names no city where the table only knows the region: a form leaves the city to the member', () => {
    // L4 is central Ontario (Barrie, Richmond Hill, …), H is Montréal and Laval, X0 the territories.
    expect(cityOf('L4M1A1')).toBeUndefined();
    expect(cityOf('H2X1Y4')).toBeUndefined();
    expect(cityOf('X0E0A0')).toBeUndefined();
  });
});
