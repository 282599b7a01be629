import { describe, expect, it } from 'vitest';
import {
  MISSING,
  formatCad,
  formatCelsius,
  formatClock,
  formatHour,
  formatDeviceKw,
  formatKw,
  formatKwh,
  formatLocalDate,
  formatMonth,
  formatPercent,
  formatRelativeTime,
  formatWeekday,
  intlLocale,
} from './format';

// Intl separates numbers and units with various spaces; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('format', () => {
  it('a small device draw never rounds to a false zero', () => {
    expect(plain(formatDeviceKw(0.0045, 'en-CA'))).toBe('< 0.01 kW');
    expect(plain(formatDeviceKw(0.006, 'en-CA'))).toBe('0.01 kW');
    expect(plain(formatDeviceKw(0, 'en-CA'))).toBe('0.00 kW');
    expect(plain(formatDeviceKw(1.234, 'fr-CA'))).toBe('1,23 kW');
    expect(formatDeviceKw(null, 'en-CA')).toBe(MISSING);
  });

  it('writes a temperature to a tenth of a degree at most, in each language', () => {
    expect(plain(formatCelsius(21, 'en-CA'))).toBe('21 °C');
    expect(plain(formatCelsius(21.46, 'en-CA'))).toBe('21.5 °C');
    expect(plain(formatCelsius(21.5, 'fr-CA'))).toBe('21,5 °C');
    expect(formatCelsius(null, 'en-CA')).toBe(MISSING);
  });

  it('maps UI languages to Canadian locales', () => {
    expect(intlLocale('en')).toBe('en-CA');
    expect(intlLocale('fr')).toBe('fr-CA');
    expect(intlLocale('es')).toBe('es');
    expect(intlLocale(undefined)).toBe('en-CA');
  });

  it('shows "—" for null, undefined, NaN and Infinity, never 0', () => {
    for (const value of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatKwh(value, 'en-CA')).toBe(MISSING);
      expect(formatKw(value, 'en-CA')).toBe(MISSING);
      expect(formatPercent(value, 'en-CA')).toBe(MISSING);
      expect(formatCad(value, 'en-CA')).toBe(MISSING);
    }
    expect(formatRelativeTime(null, new Date(), 'en-CA')).toBe(MISSING);
  });

  it('formats energy, power, percent and money per locale', () => {
    expect(plain(formatKwh(1234.56, 'en-CA'))).toBe('1,234.6 kWh');
    expect(plain(formatKwh(1234.56, 'fr-CA'))).toBe('1 234,6 kWh');
    expect(plain(formatKw(2.4, 'en-CA'))).toBe('2.40 kW');
    expect(formatPercent(12.34, 'en-CA')).toBe('12.3%');
    expect(formatPercent(-4, 'en-CA', { signed: true })).toBe('-4%');
    expect(formatPercent(4, 'en-CA', { signed: true })).toBe('+4%');
    expect(plain(formatPercent(12.5, 'fr-CA'))).toBe('12,5 %');
    expect(formatCad(350, 'en-CA')).toBe('$3.50');
    expect(plain(formatCad(350, 'fr-CA'))).toBe('3,50 $');
  });

  it('labels UTC bucket starts in the household zone', () => {
    // 05:00Z on 24 Nov is midnight in Toronto and 21:00 the day before in Vancouver.
    expect(plain(formatHour('2025-11-24T05:00:00Z', 'America/Toronto', 'en-CA'))).toBe('12 a.m.');
    expect(plain(formatHour('2025-11-24T05:00:00Z', 'America/Vancouver', 'en-CA'))).toBe('9 p.m.');
    expect(formatWeekday('2025-11-24T05:00:00Z', 'America/Toronto', 'en-CA')).toBe('Mon 24');
    expect(formatWeekday('2025-11-24T05:00:00Z', 'America/Vancouver', 'en-CA')).toBe('Sun 23');
  });

  it('keeps a local date on its own day in any zone', () => {
    expect(formatLocalDate('2025-11-01', 'en-CA')).toBe('Nov 1');
    expect(formatLocalDate('2025-11-01', 'fr-CA')).toBe('1 nov.');
    // The API sends the month as a local date; it must not slip to October west of Greenwich.
    expect(formatMonth('2025-11-01', 'America/Toronto', 'en-CA')).toBe('November 2025');
    expect(formatMonth('2025-11-01T04:00:00.000Z', 'America/Toronto', 'en-CA')).toBe('November 2025');
  });

  it('says relative times in words', () => {
    const now = new Date('2025-11-24T12:00:00Z');
    expect(formatRelativeTime('2025-11-24T11:58:00Z', now, 'en-CA')).toBe('2 minutes ago');
    expect(formatRelativeTime('2025-11-24T12:00:03Z', now, 'en-CA')).toBe('now');
    expect(formatRelativeTime('2025-11-27T12:00:00Z', now, 'en-CA')).toBe('in 3 days');
  });

  it('writes a clock time of day as each language does, the end of a day included', () => {
    expect(['06:00', '16:00', '20:30', '24:00'].map((c) => plain(formatClock(c, 'en-CA')))).toEqual(['6:00 a.m.', '4:00 p.m.', '8:30 p.m.', '12:00 a.m.']);
    expect(['00:00', '06:00', '16:00', '20:30', '24:00'].map((c) => plain(formatClock(c, 'fr-CA')))).toEqual(['0 h 00', '6 h 00', '16 h 00', '20 h 30', '24 h 00']);
    expect(['16:00', '24:00'].map((c) => plain(formatClock(c, 'es')))).toEqual(['16:00', '24:00']);
  });
});
