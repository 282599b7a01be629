import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = new Date('2025-06-15T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('relativeTime', () => {
  it('speaks English', () => {
    expect(relativeTime(ago(10), now, 'en')).toBe('now');
    expect(relativeTime(ago(5 * 60), now, 'en')).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 3600), now, 'en')).toBe('3 hours ago');
    expect(relativeTime(ago(26 * 3600), now, 'en')).toBe('yesterday');
    expect(relativeTime(ago(10 * 24 * 3600), now, 'en')).toBe('last week');
  });
  it('speaks French and Spanish', () => {
    expect(relativeTime(ago(2 * 3600), now, 'fr')).toBe('il y a 2 heures');
    expect(relativeTime(ago(26 * 3600), now, 'es')).toBe('ayer');
  });
  it('accepts ISO strings', () => {
    expect(relativeTime(ago(120).toISOString(), now, 'en')).toBe('2 minutes ago');
  });
});
