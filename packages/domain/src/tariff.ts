import type { LocalDate } from './local-time';
import { daysInMonth, isWeekend, localDateOf, localDatesInRange, localDaysInRange, localParts, parseLocalDate } from './local-time';
import { provincialHolidayDates } from './provincial-holidays';
import type { ProvinceCode } from './postal-code';

/**
 * Tariff engine: prices metered intervals under a plan whose rates are data with effective
 * dates (docs/product/domain-rules.md#tariffs). Amounts are cents (¢), unrounded; round once, on the bill.
 * Only the electricity (commodity) part of a bill is priced: delivery, regulatory charges,
 * rate riders, rebates and taxes differ by utility and are out of scope here.
 */

/** Which days a schedule rule covers. Holidays count as weekend days. */
export type DayGroup = 'weekdays' | 'weekends-and-holidays' | 'every-day';

/** A price period by local clock hours, [fromHour, toHour). The first matching rule wins. */
export type ScheduleRule = {
  period: string;
  days: DayGroup;
  fromHour: number;
  toHour: number;
  /** Months (1–12) the rule applies in; all year when omitted. */
  months?: readonly number[];
};

type VersionBase = {
  /** Local date the version takes effect; it prices intervals starting on/after that day. */
  effectiveFrom: LocalDate;
  /** Fixed charge per local day (basic / system access charge), ¢. */
  dailyChargeCents: number;
};

export type TimeOfUseVersion = VersionBase & {
  schedule: readonly ScheduleRule[];
  centsPerKwh: Readonly<Record<string, number>>;
};

/** Tier-1 kWh allowed per local day: a fixed amount, or a monthly threshold prorated by day. */
export type TierAllowance =
  | { kind: 'per-day'; kwh: number }
  | { kind: 'per-month'; kwhByMonth: readonly number[] }; // 12 entries, January first

export type TieredVersion = VersionBase & {
  tier1Allowance: TierAllowance;
  tier1CentsPerKwh: number;
  tier2CentsPerKwh: number;
};

export type FlatVersion = VersionBase & { centsPerKwh: number };

type PlanBase = { id: string; name: string; province: ProvinceCode };
export type TimeOfUsePlan = PlanBase & { kind: 'time-of-use'; versions: readonly TimeOfUseVersion[] };
export type TieredPlan = PlanBase & { kind: 'tiered'; versions: readonly TieredVersion[] };
export type FlatPlan = PlanBase & { kind: 'flat'; versions: readonly FlatVersion[] };
export type TariffPlan = TimeOfUsePlan | TieredPlan | FlatPlan;

export type MeteredInterval = { start: Date; kwh: number };

export type BillLine = {
  kind: 'energy' | 'fixed';
  /** Period ("on-peak"), tier ("tier-1"), "energy" for flat plans, or "daily-charge". */
  label: string;
  /** The plan version that priced this line. */
  effectiveFrom: LocalDate;
  quantity: number;
  unit: 'kWh' | 'day';
  unitPriceCents: number;
  amountCents: number;
};

export type PricedIntervals = {
  planId: string;
  totalCents: number;
  energyCents: number;
  fixedCents: number;
  kwh: number;
  /** Local days the fixed charges and tier allowances were counted for. */
  days: number;
  lines: BillLine[];
};

export type PriceOptions = {
  /**
   * The billing period, [start, end). Daily charges and tier thresholds count every local day of
   * it, also days with missing readings. Without it, the days from the first to the last
   * interval's local day are used.
   */
  period?: { start: Date; end: Date };
};

/** The version in force on a local date: the latest whose effectiveFrom is on or before it. */
export function versionOn<V extends { effectiveFrom: LocalDate }>(versions: readonly V[], date: LocalDate): V {
  let best: V | undefined;
  for (const version of versions) {
    if (version.effectiveFrom <= date && (!best || version.effectiveFrom > best.effectiveFrom)) best = version;
  }
  if (!best) throw new RangeError(`No tariff version in force on ${date}`);
  return best;
}

/** The schedule period of a local hour. Throws when the schedule leaves the hour uncovered. */
export function periodAt(schedule: readonly ScheduleRule[], month: number, hour: number, weekendOrHoliday: boolean): string {
  const rule = schedule.find(
    (r) =>
      (r.days === 'every-day' || (r.days === 'weekends-and-holidays') === weekendOrHoliday) &&
      hour >= r.fromHour &&
      hour < r.toHour &&
      (!r.months || r.months.includes(month)),
  );
  if (!rule) throw new RangeError(`Schedule has no period for month ${month}, hour ${hour}`);
  return rule.period;
}

/** Tier-1 kWh allowed for one local day under a version. */
export function tier1KwhForDay(allowance: TierAllowance, date: LocalDate): number {
  if (allowance.kind === 'per-day') return allowance.kwh;
  const { year, month } = parseLocalDate(date);
  return (allowance.kwhByMonth[month - 1] ?? 0) / daysInMonth(year, month);
}

/** Sums lines per (kind, label, version), keeping first-seen order. */
class LineBook {
  private readonly lines = new Map<string, BillLine>();

  add(kind: BillLine['kind'], label: string, effectiveFrom: LocalDate, quantity: number, unitPriceCents: number) {
    if (quantity === 0) return;
    const key = `${kind}|${label}|${effectiveFrom}|${unitPriceCents}`;
    const line = this.lines.get(key);
    if (line) {
      line.quantity += quantity;
      line.amountCents += quantity * unitPriceCents;
    } else {
      const unit = kind === 'fixed' ? 'day' : 'kWh';
      this.lines.set(key, { kind, label, effectiveFrom, quantity, unit, unitPriceCents, amountCents: quantity * unitPriceCents });
    }
  }

  all(): BillLine[] {
    return [...this.lines.values()].sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));
  }
}

function billingDays(sortedDates: readonly LocalDate[], timeZone: string, options: PriceOptions): LocalDate[] {
  if (options.period) return localDaysInRange(options.period.start, options.period.end, timeZone).map((d) => d.date);
  const first = sortedDates[0];
  const last = sortedDates[sortedDates.length - 1];
  return first && last ? localDatesInRange(first, last) : [];
}

/**
 * Prices the given intervals. Missing intervals are not zero: only what is given is priced.
 * Each interval is priced by the plan version in force on its local start date, so a rate change
 * never re-prices earlier intervals. `holidays` are local dates priced as weekend days; when
 * omitted, an Ontario plan uses the OEB holiday list and other plans use none.
 * Tiered plans fill tier 1 in time order up to the allowance summed over the billing days.
 */
export function priceIntervals(
  plan: TariffPlan,
  intervals: readonly MeteredInterval[],
  timeZone: string,
  holidays?: readonly LocalDate[],
  options: PriceOptions = {},
): PricedIntervals {
  for (const interval of intervals) {
    if (!Number.isFinite(interval.kwh) || interval.kwh < 0 || Number.isNaN(interval.start.getTime())) {
      throw new RangeError(`Cannot price interval at ${String(interval.start)} with ${interval.kwh} kWh`);
    }
  }
  const sorted = [...intervals].sort((a, b) => a.start.getTime() - b.start.getTime());
  const dates = sorted.map((interval) => localDateOf(interval.start, timeZone));
  const days = billingDays(dates, timeZone, options);
  const book = new LineBook();

  for (const date of days) {
    const version = versionOn<VersionBase>(plan.versions, date);
    if (version.dailyChargeCents > 0) book.add('fixed', 'daily-charge', version.effectiveFrom, 1, version.dailyChargeCents);
  }

  if (plan.kind === 'flat') {
    sorted.forEach((interval, i) => {
      const version = versionOn(plan.versions, dates[i] ?? '');
      book.add('energy', 'energy', version.effectiveFrom, interval.kwh, version.centsPerKwh);
    });
  } else if (plan.kind === 'time-of-use') {
    const holidaySet = new Set(holidays ?? defaultHolidays(plan, dates, days));
    sorted.forEach((interval, i) => {
      const date = dates[i] ?? '';
      const version = versionOn(plan.versions, date);
      const { month, hour } = localParts(interval.start, timeZone);
      const period = periodAt(version.schedule, month, hour, isWeekend(date) || holidaySet.has(date));
      const price = version.centsPerKwh[period];
      if (price === undefined) throw new RangeError(`Plan ${plan.id} has no price for period ${period}`);
      book.add('energy', period, version.effectiveFrom, interval.kwh, price);
    });
  } else {
    let tier1Left = days.reduce((sum, date) => sum + tier1KwhForDay(versionOn(plan.versions, date).tier1Allowance, date), 0);
    sorted.forEach((interval, i) => {
      const version = versionOn(plan.versions, dates[i] ?? '');
      const tier1 = Math.min(interval.kwh, Math.max(0, tier1Left));
      tier1Left -= tier1;
      book.add('energy', 'tier-1', version.effectiveFrom, tier1, version.tier1CentsPerKwh);
      book.add('energy', 'tier-2', version.effectiveFrom, interval.kwh - tier1, version.tier2CentsPerKwh);
    });
  }

  const lines = book.all();
  const sum = (kind: BillLine['kind']) => lines.filter((l) => l.kind === kind).reduce((s, l) => s + l.amountCents, 0);
  const energyCents = sum('energy');
  const fixedCents = sum('fixed');
  return {
    planId: plan.id,
    totalCents: energyCents + fixedCents,
    energyCents,
    fixedCents,
    kwh: sorted.reduce((s, interval) => s + interval.kwh, 0),
    days: days.length,
    lines,
  };
}

function defaultHolidays(plan: TariffPlan, dates: readonly LocalDate[], days: readonly LocalDate[]): LocalDate[] {
  if (plan.province !== 'ON') return [];
  // Dates are "YYYY-MM-DD", so string order is date order; a year-long 5-minute series is too
  // long to spread into Math.min.
  const all = [...dates, ...days].sort();
  const first = all[0];
  const last = all[all.length - 1];
  if (!first || !last) return [];
  return provincialHolidayDates('ON', parseLocalDate(first).year, parseLocalDate(last).year);
}

/** Cents to dollars, rounded to the cent (for display and bills). */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}
