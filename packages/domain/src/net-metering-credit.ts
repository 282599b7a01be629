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
