import { previousMonth, type StatementLine } from './billing-statement';
import type { LocalDate } from './local-time';
import type { ProvinceCode } from './postal-code';

/**
 * Ontario's net-metering credits do not roll on for ever (O. Reg. 541/05, s. 8 (8), as amended
 * by O. Reg. 24/17, in force July 1, 2017): when accumulated credits have been carried forward to
 * the next billing period in every billing period of the preceding 12 months, the distributor
 * reduces what remains to $0 for the next billing period. It is not a rolling window: the whole
 * remaining balance goes, not the credits of the oldest month (Hydro Ottawa writes off the
 * "Generation Credits Carried Forward" at the start of a period when the "Cumulative Months of
 * Generation" was 12; Alectra resets the whole balance). A month that ends owing anything breaks
 * the run and the count starts again. Sources and what Peakwise does with it:
 * docs/product/domain-rules.md#bills.
 */
export const NET_METERING_CARRY_PERIODS = 12;

/** Provinces whose net-metering credits lapse this way; the others carry them (decision 043). */
export const CREDITS_LAPSE_AFTER_12_PERIODS: readonly ProvinceCode[] = ['ON'];

/**
 * The credit written off at the start of a billing period, in cents (0 or more): `carried` is the
 * amount carried out of each preceding monthly statement, newest first (negative = a credit carried
 * forward, as a statement's amount due reads). When each of the last 12 carried a credit, the
 * newest one's credit lapses whole; otherwise nothing does.
 */
export function lapsedNetMeteringCredit(province: ProvinceCode, carried: readonly number[]): number {
  if (!CREDITS_LAPSE_AFTER_12_PERIODS.includes(province)) return 0;
  const run = carried.slice(0, NET_METERING_CARRY_PERIODS);
  if (run.length < NET_METERING_CARRY_PERIODS || run.some((cents) => cents >= 0)) return 0;
  return -run[0]!;
}

/** A preceding monthly statement, as the lapse reads it. */
export type CarriedStatement = {
  periodStart: LocalDate;
  /** The balance it took in from the statement before it (decision 056: that amount due less the payments made since). */
  previousBalanceCents: number;
  /** Payments its previous balance took off while they were still pending at its issue: money in flight, not credit. */
  inFlightCents: number;
  /** The credit it wrote off at the start of its period (its `credit-lapse` line), 0 when none. */
  lapsedCents: number;
};

/**
 * What each preceding monthly statement carried forward, newest first, for
 * `lapsedNetMeteringCredit`. A statement carries out what the next one takes in: the next one's
 * previous balance, payments included as the balance counts them (docs/product/domain-rules.md#bills),
 * except a payment still pending at that issue (it may yet fail and be added back: money in
 * flight is no credit), and after any credit that lapsed at the start of that next period, so a
 * write-off starts the count again. The newest is what the statement being issued takes in
 * (`issuing`). Only consecutive months count: the list stops at the first month without a
 * statement, and a first statement carried nothing out of a statement before it.
 */
export function carriedForward(
  periodStart: LocalDate,
  issuing: { previousBalanceCents: number; inFlightCents: number },
  preceding: readonly CarriedStatement[],
): number[] {
  const newestFirst = [...preceding].sort((a, b) => (a.periodStart < b.periodStart ? 1 : a.periodStart > b.periodStart ? -1 : 0));
  const carried: number[] = [];
  let month = periodStart;
  let takenIn = issuing.previousBalanceCents + issuing.inFlightCents;
  for (const statement of newestFirst) {
    month = `${previousMonth(month)}-01`;
    if (statement.periodStart !== month) break;
    carried.push(takenIn);
    takenIn = statement.previousBalanceCents + statement.inFlightCents + statement.lapsedCents;
  }
  return carried;
}

/**
 * The write-off of a lapsed credit, first on the statement of the period it lapses at the start
 * of (decision 088): a positive amount that brings the credit carried in to $0 (less any payment
 * still in flight, which is not credit). It is not a
 * charge for energy, so it is outside the subtotal that rebates and taxes are computed on.
 * `null` when nothing lapses.
 */
export function creditLapseLine(province: ProvinceCode, periodStart: LocalDate, carried: readonly number[]): StatementLine | null {
  const cents = lapsedNetMeteringCredit(province, carried);
  if (cents === 0) return null;
  return {
    kind: 'credit-lapse',
    descriptionKey: 'net-metering-12-periods',
    params: { date: periodStart, periods: NET_METERING_CARRY_PERIODS },
    quantity: null,
    unit: null,
    unitPriceCents: null,
    amountCents: cents,
  };
}
