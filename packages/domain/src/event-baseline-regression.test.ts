import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RegressionInput } from './event-baseline-regression';
import { leastSquares, regressionBaseline } from './event-baseline-regression';
import type { LocalDate } from './local-time';
import { addDays, isWeekend, localDatesInRange } from './local-time';

// Event: Thursday 2025-07-17 at 18:00 (one slot), window 16:00. No holidays given, Jul 10 an event.
// History from Jun 2: the 45-day look-back starts Jun 2, so every weekday from Jun 2 to Jul 16 but
// Jul 10 trains the fit: 32 days.
const EVENT_DATE = '2025-07-17';
const DATES = localDatesInRange('2025-06-02', '2025-07-16');
const tempOf = (i: number) => 12 + ((i * 7) % 15); // 12–26 °C, scattered
const windowOf = (i: number) => 0.1 + ((i * 5) % 9) / 20; // 0.1–0.5 kWh, not in step with temperature

function scenario(use: (temp: number, window: number) => number, sameDay: boolean, first = 0): RegressionInput {
  const readings = new Map<LocalDate, Record<string, number>>();
  const temperatureC = new Map<LocalDate, number>();
  DATES.forEach((date, i) => {
    temperatureC.set(date, tempOf(i));
    if (i >= first) readings.set(date, { '16:00': windowOf(i), '18:00': date === '2025-07-10' ? 9 : use(tempOf(i), windowOf(i)) });
  });
  temperatureC.set(EVENT_DATE, 20);
  readings.set(EVENT_DATE, { '16:00': 0.3, '18:00': 0.1 });
  return { eventDate: EVENT_DATE, eventSlots: ['18:00'], windowSlots: ['16:00'], readings, eventDates: ['2025-07-10'], holidays: [], temperatureC, sameDay };
}

describe('regressionBaseline by hand', () => {
  it('reads a + b·temperature off at the event day', () => {
    const r = regressionBaseline(scenario((t) => 1 + 0.1 * t, false));
    expect(r.ok).toBe(true);
    expect(r.ok && r.kwh).toBeCloseTo(1 + 0.1 * 20, 9);
    expect(r.days).toHaveLength(32);
    expect(r.days).not.toContain('2025-07-10');
  });

  it('with the same day, reads a + b·temperature + c·window use off at the event day', () => {
    const r = regressionBaseline(scenario((t, w) => 0.5 + 0.1 * t + 2 * w, true));
    expect(r.ok && r.kwh).toBeCloseTo(0.5 + 0.1 * 20 + 2 * 0.3, 9);
  });

  it('falls back to the mean when every day had the same temperature', () => {
    const s = scenario(() => 0, false);
    const temperatureC = new Map([...s.temperatureC].map(([d]) => [d, 15]));
    const readings = new Map([...s.readings].map(([d, day], i) => [d, { ...day, '18:00': i % 2 === 0 ? 1 : 2 }]));
    const r = regressionBaseline({ ...s, temperatureC, readings });
    expect(r.ok).toBe(true);
    const used = r.days.map((d) => readings.get(d)!['18:00']!);
    expect(r.ok && r.kwh).toBeCloseTo(used.reduce((a, b) => a + b, 0) / used.length, 12);
  });

  it('has no baseline with fewer than 10 training days, or no temperature for the event day', () => {
    expect(regressionBaseline(scenario((t) => t, false, DATES.indexOf('2025-07-03'))).ok).toBe(false); // Jul 3–16: 9 weekdays
    const s = scenario((t) => t, false);
    const temperatureC = new Map(s.temperatureC);
    temperatureC.delete(EVENT_DATE);
    expect(regressionBaseline({ ...s, temperatureC }).ok).toBe(false);
  });

  it('solves a small system exactly and refuses a singular one', () => {
    // y = 2 + 3x through (0, 2), (1, 5), (2, 8).
    const fit = leastSquares([[1, 0], [1, 1], [1, 2]], [2, 5, 8]);
    expect(fit?.[0]).toBeCloseTo(2, 12);
    expect(fit?.[1]).toBeCloseTo(3, 12);
    expect(leastSquares([[1, 4], [1, 4]], [1, 2])).toBeNull();
  });
});

describe('regressionBaseline ignores readings outside its window', () => {
  it('is unchanged by other clock times, weekends, event days, later days and days past the look-back', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 3, noNaN: true }), { minLength: 40, maxLength: 40 }), fc.double({ min: 0, max: 50, noNaN: true }), fc.boolean(), (values, noise, sameDay) => {
        const s = scenario((t, w) => values[Math.round(t * 10 + w * 100) % values.length]!, sameDay);
        const before = regressionBaseline(s);
        const readings = new Map<LocalDate, Record<string, number>>();
        for (const [date, day] of s.readings) readings.set(date, isWeekend(date) || date === '2025-07-10' ? { '16:00': noise, '18:00': noise } : { ...day, '17:00': noise });
        readings.set('2025-05-30', { '16:00': noise, '18:00': noise });
        readings.set(addDays(EVENT_DATE, 1), { '16:00': noise, '18:00': noise });
        expect(regressionBaseline({ ...s, readings })).toEqual(before);
      }),
      { numRuns: 100 },
    );
  });
});
