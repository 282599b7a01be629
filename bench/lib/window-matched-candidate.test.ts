import { describe, expect, it } from 'vitest';
import type { LocalDate } from '../../packages/domain/src/local-time';
import { noiseCandidates, NOISE_WINDOW_MATCHED_5, OWN_METHODS, WINDOW_MATCHED_5, type OwnContext } from './baseline-candidates';
import { CITIES, clocksBetween, type Region } from './baseline-population';

const EVENT = '2026-07-31' as LocalDate; // a Friday
const EVENT_SLOTS = clocksBetween(17 * 60, 18 * 60);
// Decision 133's early window: the 3 h ending 2 h before the start.
const WINDOW_SLOTS = clocksBetween(12 * 60, 15 * 60);

/**
 * A solar home without a battery: past weekdays with a gross load over the early window (`window`,
 * kWh) and over the event (`event`), each spread evenly over its slots, and no production in the
 * event's hours (so its draw is its gross load).
 */
function context(days: readonly [string, number, number][], todayWindow: number): OwnContext {
  const gross = new Map<LocalDate, Record<string, number>>();
  const production = new Map<LocalDate, Record<string, number>>();
  for (const [date, window, event] of [...days, [EVENT, todayWindow, 0.5] as const]) {
    gross.set(date as LocalDate, {
      ...Object.fromEntries(WINDOW_SLOTS.map((c) => [c, window / WINDOW_SLOTS.length])),
      ...Object.fromEntries(EVENT_SLOTS.map((c) => [c, event / EVENT_SLOTS.length])),
    });
    production.set(date as LocalDate, Object.fromEntries([...WINDOW_SLOTS, ...EVENT_SLOTS].map((c) => [c, 0])));
  }
  const region = { id: 0, city: CITIES[0]!, season: 'summer', dates: [], holidays: [], events: [], eventDates: [EVENT] } as Region;
  return { region, event: { id: 1, date: EVENT, startHour: 17, hours: 1, placebo: false }, readings: gross, temperatureC: new Map(), calledDates: [EVENT], gross, production, morningProduction: null, battery: false, counterfactualDay: null };
}

// [date, early window's gross load, event's]; the event day's window is 6 kWh.
const DAYS: [string, number, number][] = [
  ['2026-07-20', 1, 3.0],
  ['2026-07-21', 6, 1.0],
  ['2026-07-22', 12, 0.2],
  ['2026-07-23', 5, 1.2],
  ['2026-07-24', 7, 0.8],
  ['2026-07-27', 2, 2.6],
  ['2026-07-28', 4, 1.4],
  ['2026-07-29', 11, 0.3],
  ['2026-07-30', 8, 0.6],
];

describe('solar homes without a battery on their days nearest in the early window', () => {
  it('takes the expected draw of the 5 days nearest the event day’s window, and reads σ from them', () => {
    // Nearest 6: the 21st (6), the 23rd (5) and 24th (7), the 28th (4) and 30th (8). Their windows'
    // mean is 6, the event day's: the additive adjustment adds nothing.
    const ctx = context(DAYS, 6);
    expect(OWN_METHODS.find((m) => m.name === WINDOW_MATCHED_5)!.run(ctx)).toBeCloseTo((1.0 + 1.2 + 0.8 + 1.4 + 0.6) / 5, 9);
    // Deviations from 1.0: 0, 0.2, −0.2, 0.4, −0.4; squares 0.4 over 4.
    const noise = noiseCandidates(ctx, [NOISE_WINDOW_MATCHED_5]);
    expect(noise.kwh[NOISE_WINDOW_MATCHED_5]).toBeCloseTo(Math.sqrt(0.1), 9);
    expect(noise.days[NOISE_WINDOW_MATCHED_5]).toBe(5);
  });
});
