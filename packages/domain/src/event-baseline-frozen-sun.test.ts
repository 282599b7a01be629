import { describe, expect, it } from 'vitest';
import type { FrozenBaselineFigures } from './event-baseline-frozen';
import { freezeSunMatchedBaseline, producedBeforeStart, SUN_MATCHED_METHOD, thawSunMatchedBaseline } from './event-baseline-frozen-sun';
import type { DaySlots } from './event-intervals';
import type { LocalDate } from './local-time';

const ZONE = 'America/Toronto';
const EVENT: DaySlots = { date: '2026-01-30' as LocalDate, slots: ['16:00', '16:05', '16:10'] };
// 00:00 to 15:55: the 192 intervals a January day has before a 16:00 start.
const CLOCKS = Array.from({ length: 192 }, (_, k) => `${String(Math.floor(k / 12)).padStart(2, '0')}:${String((k % 12) * 5).padStart(2, '0')}`);

/** A day whose panels made `kwh` before 16:00, a tenth of it at noon and the rest spread evenly. */
function sunnyDay(kwh: number): Record<string, number> {
  const day: Record<string, number> = Object.fromEntries(CLOCKS.map((c) => [c, (0.9 * kwh) / CLOCKS.length]));
  day['12:00']! += 0.1 * kwh;
  return day;
}

// [date, production before 16:00, draw in each of the 3 event slots]; most recent last.
const DAYS: [string, number, [number, number, number]][] = [
  ['2026-01-19', 2, [0.5, 0.5, 0.5]],
  ['2026-01-20', 9, [0.1, 0.1, 0.1]],
  ['2026-01-21', 6, [0.2, 0.3, 0.4]],
  ['2026-01-22', 4, [0.4, 0.4, 0.4]],
  ['2026-01-23', 7, [0.2, 0.2, 0.2]],
  ['2026-01-26', 5, [0.3, 0.3, 0.3]],
  ['2026-01-27', 1, [0.6, 0.6, 0.6]],
];

function frozenRow(): FrozenBaselineFigures {
  const eventKwh = [0, 1, 2].map((i) => DAYS.reduce((s, d) => s + d[2][i]!, 0) / DAYS.length);
  return {
    status: 'ok',
    method: 'mean-of-days-unadjusted',
    kind: 'weekday',
    days: DAYS.map((d) => d[0] as LocalDate).reverse(),
    eventKwh,
    windowKwh: [],
    baselineKwh: eventKwh.reduce((s, v) => s + v, 0),
    noiseKwh: 0.5,
  };
}
const draw = new Map<LocalDate, Record<string, number>>(DAYS.map(([date, , kwh]) => [date as LocalDate, { '16:00': kwh[0], '16:05': kwh[1], '16:10': kwh[2] }]));
const production = new Map(DAYS.map(([date, kwh]) => [date as LocalDate, sunnyDay(kwh)]));

describe('a battery home’s days nearest in sun (decision 147)', () => {
  it('sums a day’s production from midnight to the start, and reads nothing from a day with a gap', () => {
    expect(producedBeforeStart(sunnyDay(6), '2026-01-21' as LocalDate, '16:00', ZONE)).toBeCloseTo(6, 12);
    // Later intervals are not the morning's.
    expect(producedBeforeStart({ ...sunnyDay(6), '16:30': 3 }, '2026-01-21' as LocalDate, '16:00', ZONE)).toBeCloseTo(6, 12);
    const gap = sunnyDay(6);
    delete gap['03:00'];
    expect(producedBeforeStart(gap, '2026-01-21' as LocalDate, '16:00', ZONE)).toBeNull();
    expect(producedBeforeStart(undefined, '2026-01-21' as LocalDate, '16:00', ZONE)).toBeNull();
  });

  it('freezes each day’s production and draw in date order', () => {
    const row = freezeSunMatchedBaseline(frozenRow(), EVENT, draw, production, ZONE)!;
    expect(row.method).toBe(SUN_MATCHED_METHOD);
    expect(row.sun!.producedKwh.map((v) => Math.round(v * 1e9) / 1e9)).toEqual([2, 9, 6, 4, 7, 5, 1]);
    expect(row.sun!.eventDaysKwh).toEqual(DAYS.flatMap((d) => d[2]));
    // The figure shown before the event is the days' mean, as the battery row's.
    expect(row.baselineKwh).toBe(frozenRow().baselineKwh);
  });

  it('keeps the battery row when a day lacks its morning or the register reads nothing', () => {
    const gap = new Map(production);
    gap.delete('2026-01-22' as LocalDate);
    expect(freezeSunMatchedBaseline(frozenRow(), EVENT, draw, gap, ZONE)).toBeNull();
    const dark = new Map(DAYS.map(([date]) => [date as LocalDate, sunnyDay(0)]));
    expect(freezeSunMatchedBaseline(frozenRow(), EVENT, draw, dark, ZONE)).toBeNull();
  });

  it('is the days’ mean with the frozen σ until the day’s production is in', () => {
    const row = freezeSunMatchedBaseline(frozenRow(), EVENT, draw, production, ZONE)!;
    const before = thawSunMatchedBaseline({ ...row, sun: row.sun! }, EVENT, null)!;
    expect(before.days).toEqual(frozenRow().days);
    expect(before.adjustment).toMatchObject({ method: 'none', factor: 1, sunPending: true });
    expect(before.noiseKwh).toBeUndefined();
    expect(Object.values(before.kwhBySlot).reduce((s, v) => s + v, 0)).toBeCloseTo(frozenRow().baselineKwh, 12);
  });

  it('on the day, averages the 5 days nearest in production, ties to the more recent, and reads σ from them', () => {
    const row = freezeSunMatchedBaseline(frozenRow(), EVENT, draw, production, ZONE)!;
    // Event day 5.5: distances 26th 0.5, 21st 0.5, 22nd 1.5, 23rd 1.5, 20th 3.5, 19th 3.5, 27th 4.5.
    // The ties at 0.5 and 1.5 are both kept; the 20th and 19th tie at 3.5 for the fifth place: the 20th, more recent.
    const day = thawSunMatchedBaseline({ ...row, sun: row.sun! }, EVENT, 5.5)!;
    expect(day.days).toEqual(['2026-01-26', '2026-01-23', '2026-01-22', '2026-01-21', '2026-01-20']);
    // Per slot: (0.3 + 0.2 + 0.4 + 0.2 + 0.1) / 5 = 0.24; (0.3 + 0.2 + 0.4 + 0.3 + 0.1) / 5 = 0.26; (0.3 + 0.2 + 0.4 + 0.4 + 0.1) / 5 = 0.28.
    expect(day.kwhBySlot['16:00']).toBeCloseTo(0.24, 12);
    expect(day.kwhBySlot['16:05']).toBeCloseTo(0.26, 12);
    expect(day.kwhBySlot['16:10']).toBeCloseTo(0.28, 12);
    // Day totals 0.9, 0.6, 1.2, 0.9, 0.3: mean 0.78, squares 0.0144 + 0.0324 + 0.1764 + 0.0144 + 0.2304 = 0.468, over 4.
    expect(day.noiseKwh).toBeCloseTo(Math.sqrt(0.468 / 4), 12);
    expect(day.adjustment.sun).toEqual({ todayKwh: 5.5, fromKwh: expect.closeTo(4, 9), toKwh: expect.closeTo(9, 9), ofDays: 7 });
    expect(day.adjustment.sunPending).toBeUndefined();
  });

  it('tells days apart in whole watt-hours, so a sum’s float noise never breaks a tie', () => {
    const row = freezeSunMatchedBaseline(frozenRow(), EVENT, draw, production, ZONE)!;
    // The 19th made 2 kWh and the 20th 9; the event day 5.5: they tie at 3.5 for the fifth place, the 20th kept.
    // The 19th read 1e-12 kWh more (another order of summing the same readings) would be nearer by that alone.
    const producedKwh = [...row.sun!.producedKwh];
    producedKwh[0] = 2 + 1e-12;
    producedKwh[1] = 9 + 1e-12;
    const day = thawSunMatchedBaseline({ ...row, sun: { ...row.sun!, producedKwh } }, EVENT, 5.5)!;
    expect(day.days).toEqual(['2026-01-26', '2026-01-23', '2026-01-22', '2026-01-21', '2026-01-20']);
    // A whole watt-hour nearer is nearer: the 19th at 2.001 kWh is 3.499 from the day, and kept over the 20th.
    producedKwh[0] = 2.001;
    const nearer = thawSunMatchedBaseline({ ...row, sun: { ...row.sun!, producedKwh } }, EVENT, 5.5)!;
    expect(nearer.days).toEqual(['2026-01-26', '2026-01-23', '2026-01-22', '2026-01-21', '2026-01-19']);
  });

  it('does not depend on readings of other days or hours', () => {
    const row = freezeSunMatchedBaseline(frozenRow(), EVENT, draw, production, ZONE)!;
    const noisy = new Map(draw);
    noisy.set('2026-01-16' as LocalDate, { '16:00': 9, '16:05': 9, '16:10': 9 });
    noisy.set('2026-01-21' as LocalDate, { ...draw.get('2026-01-21' as LocalDate)!, '19:00': 5 });
    const again = freezeSunMatchedBaseline(frozenRow(), EVENT, noisy, production, ZONE)!;
    expect(again.sun).toEqual(row.sun);
  });
});
