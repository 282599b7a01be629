import { dayKind, WEEKDAY_LOOKBACK_DAYS, WEEKEND_LOOKBACK_DAYS } from './event-baseline';
import type { MethodInput, MethodResult } from './event-baseline-methods';
import { slotsKwh } from './event-baseline-methods';
import type { LocalDate } from './local-time';
import { addDays } from './local-time';

/**
 * A weather-matched regression on the household's own history, one of the candidates the baseline
 * harness measures (docs/decisions/096-event-baseline-by-measurement.md): over the past days of the
 * event day's kind, the use over the event's clock times is fitted as a + b·temperature (and, with
 * `sameDay`, + c·use over the adjustment window that day), then read off at the event day's values.
 */

export type RegressionInput = MethodInput & {
  /** Outdoor temperature per local date over the event's hours, °C. A day without one is not used. */
  temperatureC: ReadonlyMap<LocalDate, number>;
  /** Also regress on the same day's use over the adjustment window. */
  sameDay: boolean;
};

/** A line through fewer days than this is mostly noise. */
export const MIN_REGRESSION_DAYS = 10;

/**
 * Least squares by the normal equations, solved with partial pivoting; null when the system is
 * (nearly) singular, for example every training day at the same temperature.
 */
export function leastSquares(rows: readonly (readonly number[])[], y: readonly number[]): number[] | null {
  const n = rows[0]?.length ?? 0;
  const a = Array.from({ length: n }, () => new Array<number>(n + 1).fill(0));
  rows.forEach((row, r) => {
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) a[i]![j]! += row[i]! * row[j]!;
      a[i]![n]! += row[i]! * y[r]!;
    }
  });
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    const scale = Math.max(1, ...a.map((row) => Math.abs(row[col]!)));
    if (Math.abs(a[pivot]![col]!) < 1e-9 * scale) return null;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = a[r]![col]! / a[col]![col]!;
      for (let c = col; c <= n; c++) a[r]![c]! -= f * a[col]![c]!;
    }
  }
  return a.map((row, i) => row[n]! / row[i]!);
}

export function regressionBaseline(input: RegressionInput): MethodResult {
  const holidays = new Set(input.holidays);
  const events = new Set(input.eventDates);
  const kind = dayKind(input.eventDate, holidays);
  const lookback = kind === 'weekday' ? WEEKDAY_LOOKBACK_DAYS : WEEKEND_LOOKBACK_DAYS;
  const useWindow = input.sameDay && input.windowSlots.length > 0;
  const todayTemp = input.temperatureC.get(input.eventDate);
  const todayWindow = useWindow ? slotsKwh(input.readings, input.eventDate, input.windowSlots) : null;
  const days: LocalDate[] = [];
  const rows: number[][] = [];
  const y: number[] = [];
  // Oldest first, so the sums (and so the float result) never depend on how readings were read.
  for (let back = lookback; back >= 1; back--) {
    const date = addDays(input.eventDate, -back);
    if (events.has(date) || dayKind(date, holidays) !== kind) continue;
    const temp = input.temperatureC.get(date);
    const used = slotsKwh(input.readings, date, input.eventSlots);
    const window = todayWindow === null ? 0 : slotsKwh(input.readings, date, input.windowSlots);
    if (temp === undefined || used === null || window === null) continue;
    days.push(date);
    rows.push(todayWindow === null ? [1, temp] : [1, temp, window]);
    y.push(used);
  }
  days.reverse();
  if (days.length < MIN_REGRESSION_DAYS || todayTemp === undefined) return { ok: false, reason: 'insufficient_history', days };
  const today = todayWindow === null ? [1, todayTemp] : [1, todayTemp, todayWindow];
  const fit = leastSquares(rows, y);
  // A singular fit (one temperature every day) says nothing about temperature: use the mean.
  const kwh = fit ? fit.reduce((sum, c, i) => sum + c * today[i]!, 0) : y.reduce((s, v) => s + v, 0) / y.length;
  return { ok: true, kwh: Math.max(0, kwh), days };
}
