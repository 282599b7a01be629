import { applyRate, roundCents } from './billing-rounding';
import { provincialChargesOn, type ProvincialChargeId } from './billing-taxes';
import type { LocalDate } from './local-time';
import { addDays, daysInMonth, formatLocalDate, localDateOf, localDatesInRange, parseLocalDate, startOfLocalDate, zonedTimeToUtc } from './local-time';
import type { ProvinceCode } from './postal-code';
import { priceIntervals, versionOn, type BillLine, type FlatPlan, type TariffPlan } from './tariff';
import { planIdOn, type TariffRow } from './tariff-history';
import { planById } from './tariff-plans';

/**
 * A month's statement from metered energy (docs/product/domain-rules.md#bills, decisions 043 and
 * 044): energy and fixed charges under the plan in force each day, export credits, the province's
 * rebates and taxes, each line rounded once to integer cents.
 */

/** One metered hour (UTC hours: a local hour is always a whole UTC hour in Peakwise's provinces). */
export type MeteredHour = { start: Date; importKwh: number; exportKwh: number };

export const STATEMENT_LINE_KINDS = ['energy', 'fixed', 'export-credit', 'rebate', 'tax', 'adjustment', 'credit-lapse'] as const;
export type StatementLineKind = (typeof STATEMENT_LINE_KINDS)[number];

export type StatementLine = {
  kind: StatementLineKind;
  /** What the line is, for the member's language: a tariff period/tier, a charge id, a tax id. */
  descriptionKey: string;
  /** Values the description names (plan, dates, rate, the adjusted period and its amounts). */
  params: Record<string, string | number>;
  quantity: number | null;
  unit: 'kWh' | 'day' | null;
  /** ¢ per unit, unrounded as published; null for percentages and adjustments. */
  unitPriceCents: number | null;
  amountCents: number;
};

export type StatementInput = {
  province: ProvinceCode;
  timeZone: string;
  tariffHistory: readonly TariffRow[];
  /** First and last local day of the billing month. */
  periodStart: LocalDate;
  periodEnd: LocalDate;
  /** The household's first day of service; days before it are not billed (a prorated first month). */
  serviceStart?: LocalDate;
  hours: readonly MeteredHour[];
};

export type ComputedStatement = {
  /** Days billed: the period, from the service start on. */
  billedFrom: LocalDate;
  billedTo: LocalDate;
  lines: StatementLine[];
  /** Energy + fixed + export credits, before rebates and taxes. */
  subtotalCents: number;
  /** Every line summed: what this period adds to the balance. */
  chargesCents: number;
  importKwh: number;
  exportKwh: number;
};

/**
 * Net metering: every province Peakwise serves credits exported kWh against the bill (Ontario
 * O. Reg. 541/05; BC Hydro net metering, rate schedule 1289; Alberta Micro-generation Regulation;
 * Hydro-Québec's net metering option). Decision 044 records how each is simplified: an exported
 * kWh is credited at the price an imported kWh would have had in that hour (the time-of-use
 * period; tier 1 on a tiered plan; the flat price), and a credit larger than the charges leaves a
 * negative statement that carries as a credit in the balance.
 */
export const NET_METERING_PROVINCES: readonly ProvinceCode[] = ['ON', 'BC', 'AB', 'QC'];

/** The plan exports are credited under: a tiered plan credits at its tier-1 price, others at their own. */
function creditPlan(plan: TariffPlan): TariffPlan {
  if (plan.kind !== 'tiered') return plan;
  const flat: FlatPlan = {
    id: plan.id,
    name: plan.name,
    province: plan.province,
    kind: 'flat',
    versions: plan.versions.map((v) => ({ effectiveFrom: v.effectiveFrom, centsPerKwh: v.tier1CentsPerKwh, dailyChargeCents: 0 })),
  };
  return flat;
}

type Segment = { plan: TariffPlan; days: LocalDate[] };

/**
 * The intervals a plan is priced from. Time-of-use needs each hour. A flat or tiered plan prices
 * a day's kWh the same whether it comes hourly or as one sum (one version per day, tier 1 filled
 * in time order, so it crosses into tier 2 on the same day either way), so each day is summed
 * first: a month is priced from 31 intervals instead of 744, which is most of a statement's cost.
 */
function forPricing(plan: TariffPlan, hours: readonly MeteredHour[], dayOf: ReadonlyMap<MeteredHour, LocalDate>, field: 'importKwh' | 'exportKwh') {
  if (plan.kind === 'time-of-use') return hours.map((h) => ({ start: h.start, kwh: h[field] }));
  const byDay = new Map<LocalDate, { start: Date; kwh: number }>();
  for (const h of hours) {
    const day = dayOf.get(h) ?? '';
    const sum = byDay.get(day);
    if (!sum) byDay.set(day, { start: h.start, kwh: h[field] });
    else {
      sum.kwh += h[field];
      if (h.start < sum.start) sum.start = h.start;
    }
  }
  return [...byDay.values()];
}

/** Consecutive billed days under one plan: a mid-month plan change makes two segments. */
function planSegments(input: StatementInput, days: readonly LocalDate[]): Segment[] {
  const segments: Segment[] = [];
  for (const date of days) {
    const planId = planIdOn(input.tariffHistory, input.province, date);
    const plan = planId ? planById(planId) : null;
    if (!plan) throw new RangeError(`No tariff plan for ${input.province} on ${date}`);
    const last = segments[segments.length - 1];
    if (last && last.plan.id === plan.id) last.days.push(date);
    else segments.push({ plan, days: [date] });
  }
  return segments;
}

function toStatementLine(line: BillLine, kind: StatementLineKind, plan: TariffPlan, days: readonly LocalDate[], sign: 1 | -1): StatementLine {
  // The days of this segment the line's plan version priced.
  const versions: readonly { effectiveFrom: LocalDate }[] = plan.versions;
  const versionDays = days.filter((d) => versionOn(versions, d).effectiveFrom === line.effectiveFrom);
  return {
    kind,
    descriptionKey: line.label,
    params: { plan: plan.id, from: versionDays[0] ?? days[0] ?? '', to: versionDays[versionDays.length - 1] ?? days[days.length - 1] ?? '' },
    quantity: line.quantity,
    unit: line.unit,
    unitPriceCents: line.unitPriceCents,
    amountCents: sign * roundCents(line.amountCents),
  };
}

/** The statement's lines for one billing month. */
export function computeStatement(input: StatementInput): ComputedStatement {
  const billedFrom = input.serviceStart && input.serviceStart > input.periodStart ? input.serviceStart : input.periodStart;
  const days = billedFrom <= input.periodEnd ? localDatesInRange(billedFrom, input.periodEnd) : [];
  const dayOf = new Map(input.hours.map((h) => [h, localDateOf(h.start, input.timeZone)]));
  const lines: StatementLine[] = [];
  let importKwh = 0;
  let exportKwh = 0;
  const credits = NET_METERING_PROVINCES.includes(input.province);

  for (const segment of planSegments(input, days)) {
    const inSegment = new Set(segment.days);
    const hours = days.length === 0 ? [] : input.hours.filter((h) => inSegment.has(dayOf.get(h) ?? ''));
    const first = segment.days[0] ?? billedFrom;
    const last = segment.days[segment.days.length - 1] ?? billedFrom;
    const period = { start: startOfLocalDate(first, input.timeZone), end: startOfLocalDate(addDays(last, 1), input.timeZone) };
    const imports = priceIntervals(segment.plan, forPricing(segment.plan, hours, dayOf, 'importKwh'), input.timeZone, undefined, { period });
    importKwh += imports.kwh;
    for (const line of imports.lines) lines.push(toStatementLine(line, line.kind, segment.plan, segment.days, 1));

    const exported = hours.filter((h) => h.exportKwh > 0);
    exportKwh += exported.reduce((s, h) => s + h.exportKwh, 0);
    if (credits && exported.length > 0) {
      const plan = creditPlan(segment.plan);
      const priced = priceIntervals(plan, forPricing(plan, exported, dayOf, 'exportKwh'), input.timeZone, undefined, { period });
      for (const line of priced.lines) if (line.kind === 'energy') lines.push(toStatementLine(line, 'export-credit', segment.plan, segment.days, -1));
    }
  }

  const subtotalCents = lines.reduce((s, l) => s + l.amountCents, 0);
  // Rebates and taxes apply to what is owed; a net-metering credit month owes none.
  const base = Math.max(0, subtotalCents);
  for (const charge of provincialChargesOn(input.province, input.periodEnd)) {
    const amount = applyRate(base, charge.ratePerMillion);
    lines.push({
      kind: charge.kind,
      descriptionKey: charge.id satisfies ProvincialChargeId,
      params: { ratePerMillion: charge.ratePerMillion, baseCents: base },
      quantity: null,
      unit: null,
      unitPriceCents: null,
      amountCents: charge.kind === 'rebate' ? -amount : amount,
    });
  }

  return {
    billedFrom,
    billedTo: input.periodEnd,
    lines,
    subtotalCents,
    chargesCents: lines.reduce((s, l) => s + l.amountCents, 0),
    importKwh,
    exportKwh,
  };
}

/**
 * A reading that arrives after a statement was issued never edits it: the next statement carries
 * the difference (decision 044). `null` when the recomputation agrees with what was billed.
 */
export function adjustmentLine(period: { start: LocalDate; end: LocalDate }, billedCents: number, recomputedCents: number): StatementLine | null {
  if (!Number.isSafeInteger(billedCents) || !Number.isSafeInteger(recomputedCents)) throw new RangeError('Adjustments take integer cents');
  const difference = recomputedCents - billedCents;
  if (difference === 0) return null;
  return {
    kind: 'adjustment',
    descriptionKey: 'late-readings',
    params: { from: period.start, to: period.end, billedCents, recomputedCents },
    quantity: null,
    unit: null,
    unitPriceCents: null,
    amountCents: difference,
  };
}

/** The calendar of a statement: the month billed, when it is issued (local midnight on the 1st) and its due date (the 15th). */
export type BillingMonth = { periodStart: LocalDate; periodEnd: LocalDate; issueDate: LocalDate; dueDate: LocalDate };

/** The billing month "YYYY-MM". */
export function billingMonth(month: string): BillingMonth {
  const { year, month: m } = parseLocalDate(`${month}-01`);
  const nextYear = m === 12 ? year + 1 : year;
  const nextMonth = m === 12 ? 1 : m + 1;
  return {
    periodStart: formatLocalDate(year, m, 1),
    periodEnd: formatLocalDate(year, m, daysInMonth(year, m)),
    issueDate: formatLocalDate(nextYear, nextMonth, 1),
    dueDate: formatLocalDate(nextYear, nextMonth, 15),
  };
}

/** Days a member has to pay a statement issued late (its usual 1st-to-15th). */
export const LATE_ISSUE_PAYMENT_DAYS = 14;

/**
 * The due date of a month's statement issued on `issuedOn` (local date): the 15th of the issue
 * month, or, when it goes out after the 1st (a run that was down, a history imported late), as
 * many days after the issue as an on-time statement gives. A statement is never due before it is
 * issued; the database refuses one that is (decision 084).
 */
export function statementDueDate(month: string, issuedOn: LocalDate): LocalDate {
  const { issueDate, dueDate } = billingMonth(month);
  if (issuedOn <= issueDate) return dueDate;
  const late = addDays(issuedOn, LATE_ISSUE_PAYMENT_DAYS);
  return late > dueDate ? late : dueDate;
}

/** The month before the one containing `date` ("YYYY-MM"). */
export function previousMonth(date: LocalDate): string {
  const { year, month } = parseLocalDate(date);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** The instant a month's statements are issued in a time zone: local midnight on the 1st of the next month. */
export function issueInstant(month: string, timeZone: string): Date {
  return zonedTimeToUtc(billingMonth(month).issueDate, 0, 0, timeZone);
}
