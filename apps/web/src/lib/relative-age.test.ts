import { describe, expect, it } from 'vitest';
import { relativeAge } from './relative-age';

const now = Date.UTC(2026, 10, 24, 18, 0, 0);

describe('relativeAge', () => {
  it('picks the largest whole unit, in the reader’s language', () => {
    expect(relativeAge(now - 5 * 60_000 - 20_000, now, 'en')).toBe('5 minutes ago');
    expect(relativeAge(now - 2 * 3_600_000, now, 'fr')).toBe('il y a 2 heures');
    expect(relativeAge(now - 3 * 86_400_000, now, 'es')).toBe('hace 3 días');
    expect(relativeAge(now - 45_000, now, 'en')).toBe('45 seconds ago');
  });

  it('never says "now" or the future about saved data', () => {
    expect(relativeAge(now, now, 'en')).toBe('1 second ago');
    expect(relativeAge(now + 60_000, now, 'en')).toBe('1 second ago');
  });
});
