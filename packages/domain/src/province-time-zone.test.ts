import { describe, expect, it } from 'vitest';
import { provinceTimeZone } from './province-time-zone';

describe('provinceTimeZone', () => {
  it("gives each province the zone where most of it lives, Toronto's for any other", () => {
    expect((['BC', 'AB', 'ON', 'QC', 'NL', 'SK'] as const).map(provinceTimeZone)).toEqual([
      'America/Vancouver',
      'America/Edmonton',
      'America/Toronto',
      'America/Toronto',
      'America/St_Johns',
      'America/Regina',
    ]);
  });
});
