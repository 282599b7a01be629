import { describe, expect, it } from 'vitest';
import { eventWhen } from './event-when';

// Expected words are written out by hand from a clock, not computed with the code under test.
// The test machine's zone plays no part: every case names the household's zone.
const text = (w: ReturnType<typeof eventWhen>) => `${w.kind}|${w.day}|${w.window.replace(/[\u00a0\u202f\u2009]/g, ' ')}`;

describe('eventWhen', () => {
  // 00:00Z on Nov 25 is 7 p.m. Nov 24 in Toronto and 4 p.m. Nov 24 in Vancouver.
  const start = '2025-11-25T00:00:00.000Z';
  const end = '2025-11-25T01:00:00.000Z';
  const afternoon = new Date('2025-11-24T20:00:00.000Z');

  it('says tonight for an evening event on the household’s today, in its own zone', () => {
    expect(text(eventWhen(start, end, 'America/Toronto', afternoon, 'en-CA'))).toBe('tonight||7–8 p.m.');
    expect(text(eventWhen(start, end, 'America/Toronto', afternoon, 'fr-CA'))).toBe('tonight||19 h – 20 h');
    expect(text(eventWhen(start, end, 'America/Toronto', afternoon, 'es'))).toBe('tonight||19–20');
  });

  it('says today for the same instants in Vancouver, where it is the afternoon', () => {
    expect(text(eventWhen(start, end, 'America/Vancouver', afternoon, 'en-CA'))).toBe('today||4–5 p.m.');
  });

  it('counts days from the household’s date, not UTC’s', () => {
    // 03:00Z on Nov 25 is still 10 p.m. on Nov 24 in Toronto; 23:00Z Nov 25 is 6 p.m. Nov 25 there.
    const lateEvening = new Date('2025-11-25T03:00:00.000Z');
    expect(text(eventWhen('2025-11-25T23:00:00.000Z', '2025-11-26T00:00:00.000Z', 'America/Toronto', lateEvening, 'en-CA'))).toBe('tomorrow||6–7 p.m.');
  });

  it('names the weekday within a week, capitalised in French, and the date beyond', () => {
    // Nov 27, 2025 is a Thursday; 23:00Z is 6 p.m. in Toronto.
    expect(text(eventWhen('2025-11-27T23:00:00.000Z', '2025-11-28T00:00:00.000Z', 'America/Toronto', afternoon, 'en-CA'))).toBe('weekday|Thursday|6–7 p.m.');
    expect(text(eventWhen('2025-11-27T23:00:00.000Z', '2025-11-28T00:00:00.000Z', 'America/Toronto', afternoon, 'fr-CA'))).toBe('weekday|Jeudi|18 h – 19 h');
    expect(text(eventWhen('2025-12-04T23:00:00.000Z', '2025-12-05T00:00:00.000Z', 'America/Toronto', afternoon, 'en-CA'))).toBe('date|Thursday, December 4|6–7 p.m.');
  });

  it('gives a past event its date, not "tonight" or a weekday', () => {
    // Nov 17, 2025 (a Monday) at 23:00Z is 6 p.m. in Toronto, a week before "now".
    expect(text(eventWhen('2025-11-17T23:00:00.000Z', '2025-11-18T00:00:00.000Z', 'America/Toronto', afternoon, 'en-CA'))).toBe('date|Monday, November 17|6–7 p.m.');
    expect(text(eventWhen('2025-11-23T23:00:00.000Z', '2025-11-24T00:00:00.000Z', 'America/Toronto', afternoon, 'en-CA'))).toBe('date|Sunday, November 23|6–7 p.m.');
  });

  it('shows minutes when the window is not on the hour (Newfoundland)', () => {
    // 21:30Z is 6 p.m. in St. John's (UTC−3:30 in November).
    expect(text(eventWhen('2025-11-24T21:30:00.000Z', '2025-11-24T23:00:00.000Z', 'America/St_Johns', new Date('2025-11-24T14:00:00.000Z'), 'en-CA'))).toBe('tonight||6:00–7:30 p.m.');
  });
});
