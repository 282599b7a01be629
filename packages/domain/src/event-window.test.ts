import { describe, expect, it } from 'vitest';
import { formatEventWindow } from './event-window';

// Intl puts narrow or non-breaking spaces in some locales; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u202f\u00a0\u2009]/g, ' ');
const window = (start: string, end: string, zone: string, locale: string) => plain(formatEventWindow(new Date(start), new Date(end), zone, locale));

describe('formatEventWindow', () => {
  // 22:00–23:00 UTC on 2025-07-17 is 6–7 p.m. in Toronto.
  const [start, end] = ['2025-07-17T22:00:00Z', '2025-07-17T23:00:00Z'];

  it('shows a whole-hour window in the member’s language', () => {
    expect(window(start, end, 'America/Toronto', 'en-CA')).toBe('6–7 p.m.');
    expect(window(start, end, 'America/Toronto', 'fr-CA')).toBe('18 h – 19 h');
    expect(window(start, end, 'America/Toronto', 'es')).toBe('18–19');
  });

  it('shows it in the member’s own zone', () => {
    expect(window(start, end, 'America/Vancouver', 'en-CA')).toBe('3–4 p.m.');
    expect(window(start, end, 'America/Edmonton', 'fr-CA')).toBe('16 h – 17 h');
    // Newfoundland is half an hour off: minutes appear.
    expect(window(start, end, 'America/St_Johns', 'en-CA')).toBe('7:30–8:30 p.m.');
  });

  it('adds minutes when an end is not on the hour, and both periods when they differ', () => {
    expect(window(start, '2025-07-17T23:30:00Z', 'America/Toronto', 'en-CA')).toBe('6:00–7:30 p.m.');
    expect(window(start, '2025-07-17T23:30:00Z', 'America/Toronto', 'fr-CA')).toBe('18 h 00 – 19 h 30');
    expect(window('2025-07-17T15:00:00Z', end, 'America/Toronto', 'en-CA')).toBe('11 a.m.–7 p.m.');
  });
});
