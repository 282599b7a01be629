import { describe, expect, it } from 'vitest';
import type { LocalDate } from '../../packages/domain/src/local-time';
import { noiseCandidates, NOISE_SUN_MATCHED_5, NOISE_SUN_REGRESSION, OWN_METHODS, SUN_MATCHED_5, SUN_REGRESSION, type OwnContext } from './baseline-candidates';
import { CITIES, clocksBetween, type Region } from './baseline-population';

const EVENT = '2026-01-30' as LocalDate; // a Friday
const EVENT_SLOTS = clocksBetween(17 * 60, 18 * 60);

/**
 * A battery home with panels: nine past weekdays, each with a production before 17:00 (`sun`, kWh,
 * all of it at noon) and a draw over the 17:00–18:00 event (`kwh`, spread over its 12 slots).
 */
function context(days: readonly [string, number, number][], todaySun: number, opts: { production?: boolean; todayInMorning?: boolean } = {}): OwnContext {
  const readings = new Map<LocalDate, Record<string, number>>();
  const production = new Map<LocalDate, Record<string, number>>();
  const morning = new Map<LocalDate, number>();
  for (const [date, sun, kwh] of [...days, [EVENT, todaySun, 0.5] as const]) {
    readings.set(date as LocalDate, Object.fromEntries(EVENT_SLOTS.map((c) => [c, kwh / EVENT_SLOTS.length])));
    // The event day's sun before the first recorded slot, if asked: its slots then produce nothing before the start.
    const early = date === EVENT && opts.todayInMorning ? sun : 0;
    morning.set(date as LocalDate, early);
    // After the start, production that would make every past day's total 10 had it been counted.
    production.set(date as LocalDate, { '12:00': sun - early, '17:00': date === EVENT ? 0 : 10 - sun });
  }
  const region = { id: 0, city: CITIES[0]!, season: 'winter', dates: [], holidays: [], events: [], eventDates: [EVENT] } as Region;
  return {
    region,
    event: { id: 1, date: EVENT, startHour: 17, hours: 1, placebo: false },
    readings,
    temperatureC: new Map(),
    calledDates: [EVENT],
    gross: opts.production === false ? null : readings,
    production: opts.production === false ? null : production,
    morningProduction: opts.production === false ? null : morning,
    battery: true,
    counterfactualDay: null,
  };
}

const run = (name: string, ctx: OwnContext) => OWN_METHODS.find((m) => m.name === name)!.run(ctx);

// [date, production before the start, event-hours draw]; the event day's production is 8.
const SCATTERED: [string, number, number][] = [
  ['2026-01-19', 1, 3.0],
  ['2026-01-20', 2, 2.8],
  ['2026-01-21', 8, 1.0],
  ['2026-01-22', 9, 0.8],
  ['2026-01-23', 5, 2.0],
  ['2026-01-26', 7, 1.2],
  ['2026-01-27', 3, 2.6],
  ['2026-01-28', 10, 0.6],
  ['2026-01-29', 6, 1.6],
];

describe('battery homes with panels on the own days nearest in sun', () => {
  it('averages the 5 days nearest the event day in production before the start, and reads σ from them', () => {
    // Distances from 8: the 21st 0, the 22nd and 26th 1, the 28th and 29th 2; the rest 3 or more.
    const ctx = context(SCATTERED, 8);
    expect(run(SUN_MATCHED_5, ctx)).toBeCloseTo((1.0 + 0.8 + 1.2 + 0.6 + 1.6) / 5, 9);
    // Mean 1.04; squared deviations 0.0016, 0.0576, 0.0256, 0.1936, 0.3136 = 0.592, over 4.
    const noise = noiseCandidates(ctx, [NOISE_SUN_MATCHED_5]);
    expect(noise.kwh[NOISE_SUN_MATCHED_5]).toBeCloseTo(Math.sqrt(0.592 / 4), 9);
    expect(noise.days[NOISE_SUN_MATCHED_5]).toBe(5);
  });

  it('counts the production before the first recorded slot', () => {
    // All of the event day's 8 kWh came before the recorded slots: the same 5 days as above. Read
    // from the recorded slots alone it would be 0, and the 5 least sunny days (mean 2.4) would be kept.
    expect(run(SUN_MATCHED_5, context(SCATTERED, 8, { todayInMorning: true }))).toBeCloseTo((1.0 + 0.8 + 1.2 + 0.6 + 1.6) / 5, 9);
  });

  it('fits the event hours’ draw on production over every own day, and its residuals’ σ', () => {
    // draw = 3.25 − 0.25 × production on every day: the line says 1.25 at 8, with no residual.
    const line = SCATTERED.map(([date, sun]) => [date, sun, 3.25 - 0.25 * sun] as [string, number, number]);
    const ctx = context(line, 8);
    expect(run(SUN_REGRESSION, ctx)).toBeCloseTo(1.25, 9);
    expect(noiseCandidates(ctx, [NOISE_SUN_REGRESSION]).kwh[NOISE_SUN_REGRESSION]).toBeCloseTo(0, 9);
    // Far past the sunniest day the line would go below zero: no draw is negative.
    expect(run(SUN_REGRESSION, context(line, 40))).toBe(0);
  });

  it('leaves a battery home whose production is not measured on its days alone', () => {
    // The nine days' mean, 15.6 ÷ 9, as decision 141 scores a battery home.
    expect(run(SUN_MATCHED_5, context(SCATTERED, 8, { production: false }))).toBeCloseTo(15.6 / 9, 9);
  });
});
