import { describe, expect, it } from 'vitest';
import { provinceTimeZone, TIME_ZONE_CHOICES_BY_PROVINCE, timeZoneChoicesOf } from './province-time-zone';

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

describe('timeZoneChoicesOf', () => {
  it('offers the zones each served province spans, its own zone first', () => {
    expect(timeZoneChoicesOf('ON')).toEqual(['America/Toronto', 'America/Winnipeg']);
    expect(timeZoneChoicesOf('QC')).toEqual(['America/Toronto', 'America/Halifax']);
    expect(timeZoneChoicesOf('BC')).toEqual(['America/Vancouver', 'America/Edmonton']);
    expect(timeZoneChoicesOf('AB')).toEqual(['America/Edmonton']);
  });

  it("starts with the province's default zone wherever that zone is one Settings offers", () => {
    const offered = ['America/Vancouver', 'America/Edmonton', 'America/Winnipeg', 'America/Toronto', 'America/Halifax', 'America/St_Johns'];
    for (const [province, choices] of Object.entries(TIME_ZONE_CHOICES_BY_PROVINCE)) {
      for (const zone of choices) expect(offered).toContain(zone);
      const own = provinceTimeZone(province as keyof typeof TIME_ZONE_CHOICES_BY_PROVINCE);
      if (offered.includes(own)) expect(choices[0]).toBe(own);
    }
  });
});
