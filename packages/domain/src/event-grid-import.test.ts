import { describe, expect, it } from 'vitest';
import { eventDayReadings, readingsByDay } from './event-intervals';
import { gridImportKwh } from './event-grid-import';
import { reductionPercent } from './event-points';

describe('gridImportKwh', () => {
  it('is the import of a home that exports nothing', () => {
    expect(gridImportKwh(0.37, 0)).toBe(0.37);
  });

  it('nets an interval with both import and export: 0.30 in and 0.12 out drew 0.18', () => {
    expect(gridImportKwh(0.3, 0.12)).toBeCloseTo(0.18, 12);
  });

  it('is 0, never negative, for an interval that exported more than it imported', () => {
    expect(gridImportKwh(0.05, 0.2)).toBe(0);
    expect(gridImportKwh(0, 0.4)).toBe(0);
  });

  it('is missing (not 0) when either register is not a number', () => {
    expect(gridImportKwh(Number.NaN, 0)).toBeNaN();
    expect(gridImportKwh(0.2, Number.POSITIVE_INFINITY)).toBeNaN();
  });

  it('scores a sunny event hour on what came from the grid, not on the home\'s whole use', () => {
    // 17:00–18:00 in Toronto (EDT) on 2026-07-15: the home uses 0.10 kWh an interval and its panels
    // make 0.06, so it draws 0.04. On the event day it cuts its use to 0.08: it draws 0.02.
    const start = Date.UTC(2026, 6, 15, 21, 0);
    const day = (usedKwh: number) =>
      Array.from({ length: 12 }, (_, k) => {
        const producedKwh = 0.06;
        const imported = Math.max(0, usedKwh - producedKwh);
        const exported = Math.max(0, producedKwh - usedKwh);
        return { start: new Date(start + k * 300_000), kwh: gridImportKwh(imported, exported), used: usedKwh };
      });
    const baseline = eventDayReadings(readingsByDay(day(0.1), 'America/Toronto'), '2026-07-15')!;
    const actual = eventDayReadings(readingsByDay(day(0.08), 'America/Toronto'), '2026-07-15')!;
    const sum = (r: Record<string, number>) => Object.values(r).reduce((s, v) => s + v, 0);
    expect(Object.keys(actual)).toHaveLength(12);
    // By hand: 12 × 0.04 = 0.48 kWh usual, 12 × 0.02 = 0.24 on the day, a 50 % cut from the grid
    // where the whole use fell by 20 %.
    expect(sum(baseline)).toBeCloseTo(0.48, 12);
    expect(sum(actual)).toBeCloseTo(0.24, 12);
    expect(reductionPercent(sum(baseline), sum(actual))).toBeCloseTo(50, 9);
    // In full sun it exports every interval: it draws nothing either way, and nothing was cut from the grid.
    expect(gridImportKwh(Math.max(0, 0.1 - 0.3), Math.max(0, 0.3 - 0.1))).toBe(0);
  });

  it('floors each interval of a battery that exports through the event at 0, not the event as a whole', () => {
    // 18:00–19:00 in Toronto (EDT) on 2026-07-15, a home without panels. Its usual hour: 0.10 kWh in
    // the odd intervals, 0.40 in the even ones (a dryer cycling), the battery idle. On the event day the
    // battery discharges 3.3 kW (0.275 kWh an interval) whatever the home uses: it exports 0.175 in the
    // odd intervals and draws 0.125 in the even ones.
    const start = Date.UTC(2026, 6, 15, 22, 0);
    const batteryKwh = 3.3 / 12;
    const day = (discharge: number) =>
      Array.from({ length: 12 }, (_, k) => {
        const used = k % 2 === 0 ? 0.1 : 0.4;
        return { start: new Date(start + k * 300_000), kwh: gridImportKwh(Math.max(0, used - discharge), Math.max(0, discharge - used)) };
      });
    const baseline = eventDayReadings(readingsByDay(day(0), 'America/Toronto'), '2026-07-15')!;
    const actual = eventDayReadings(readingsByDay(day(batteryKwh), 'America/Toronto'), '2026-07-15')!;
    const sum = (r: Record<string, number>) => Object.values(r).reduce((s, v) => s + v, 0);
    expect(Object.keys(actual)).toHaveLength(12);
    // By hand: usual 6 × 0.10 + 6 × 0.40 = 3.00 kWh. On the day, 6 × 0 + 6 × 0.125 = 0.75 kWh: the odd
    // intervals' exports (6 × 0.175 = 1.05) do not cancel the even ones' draw, which netting the hour
    // would (0.75 − 1.05 < 0, so 0 and a 100 % cut).
    expect(sum(baseline)).toBeCloseTo(3, 12);
    expect(sum(actual)).toBeCloseTo(0.75, 12);
    expect(Object.values(actual).filter((v) => v === 0)).toHaveLength(6);
    expect(reductionPercent(sum(baseline), sum(actual))).toBeCloseTo(75, 9);
  });
});
