import { afterEach, describe, expect, it } from 'vitest';
import { formatEventWindow } from './event-window';
import { localDateOf, localParts, useZoneOffsets, utcOffsetMs, wallClock, zonedTimeToUtc } from './local-time';
import { formatInZone } from './zoned-format';

const HOUR = 3_600_000;

// A source that knows one zone, on permanent −7 (as British Columbia since November 2026), and
// leaves the rest to Intl.
const permanentSeven = (_ms: number, timeZone: string) => (timeZone === 'America/Vancouver' ? -7 * HOUR : undefined);

describe('an installed offset source (decision 145)', () => {
  afterEach(() => useZoneOffsets(null));
  const instant = new Date('2026-12-02T01:30:00Z');

  it('is what every conversion reads for the zones it knows, and Intl the rest', () => {
    useZoneOffsets(permanentSeven);
    expect(utcOffsetMs(instant, 'America/Vancouver')).toBe(-7 * HOUR);
    expect(localParts(instant, 'America/Vancouver')).toMatchObject({ year: 2026, month: 12, day: 1, hour: 18, minute: 30 });
    expect(zonedTimeToUtc('2026-12-01', 18, 30, 'America/Vancouver')).toEqual(instant);
    expect(localDateOf(new Date('2026-12-02T07:30:00Z'), 'America/Vancouver')).toBe('2026-12-02');
    // Toronto is Intl's: EST, −5.
    expect(utcOffsetMs(instant, 'America/Toronto')).toBe(-5 * HOUR);
  });

  it('drops what was cached under the one before', () => {
    const before = utcOffsetMs(instant, 'America/Vancouver');
    useZoneOffsets(permanentSeven);
    expect(utcOffsetMs(instant, 'America/Vancouver')).toBe(-7 * HOUR);
    useZoneOffsets(null);
    expect(utcOffsetMs(instant, 'America/Vancouver')).toBe(before);
  });

  it('is what the words read too: an event window and a date with its zone named by offset when Intl’s own data disagrees', () => {
    useZoneOffsets(permanentSeven);
    expect(wallClock(instant, 'America/Vancouver').toISOString()).toBe('2026-12-01T18:30:00.000Z');
    expect(formatEventWindow(instant, new Date(instant.getTime() + HOUR), 'America/Vancouver', 'en-CA')).toMatch(/^6:30\s?–\s?7:30\sp\.m\.$/u);
    const named = formatInZone(instant, 'America/Vancouver', 'en-CA', { hour: 'numeric', minute: '2-digit' }, true);
    // Intl's bundled data may or may not know the change; the name given must carry −7 either way.
    expect(named).toMatch(/^6:30\sp\.m\. (UTC−7|MST|GMT-7|PT)$/u);
    // Where the two agree, Intl's short name: EST.
    expect(formatInZone(instant, 'America/Toronto', 'en-CA', { hour: 'numeric', minute: '2-digit' }, true)).toMatch(/^8:30\sp\.m\. EST$/u);
  });
});
