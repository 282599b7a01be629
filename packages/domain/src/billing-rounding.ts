/**
 * The one rounding rule of bills (decision 043): to the nearest cent, halves away from zero, so a
 * credit of −2.5 ¢ rounds like a charge of 2.5 ¢, mirrored. Every amount on a statement is rounded
 * once, here, and the total is the sum of the rounded lines, so the lines always add up.
 */

/**
 * Absorbs binary floating-point error in kWh × ¢/kWh products (1.005 × 100 is 100.49999999999999
 * in doubles): a millionth of a cent is far below any real half cent and far above the error of
 * a product of meter sums.
 */
const FLOAT_SLACK = 1e-6;

/** Unrounded cents (a float: kWh × ¢/kWh) to integer cents, halves away from zero. */
export function roundCents(unroundedCents: number): number {
  if (!Number.isFinite(unroundedCents)) throw new RangeError(`Cannot round ${unroundedCents} cents`);
  const magnitude = Math.floor(Math.abs(unroundedCents) + 0.5 + FLOAT_SLACK);
  return magnitude === 0 ? 0 : Math.sign(unroundedCents) * magnitude;
}

/** Rates are integers per million (13 % = 130,000; 9.975 % = 99,750), so a tax is exact integer arithmetic. */
export const RATE_SCALE = 1_000_000;

/** `amountCents × ratePerMillion / 1,000,000`, rounded by the same rule, without floating point. */
export function applyRate(amountCents: number, ratePerMillion: number): number {
  if (!Number.isSafeInteger(amountCents) || !Number.isSafeInteger(ratePerMillion)) {
    throw new RangeError(`applyRate takes integer cents and an integer rate per million (${amountCents}, ${ratePerMillion})`);
  }
  const product = Math.abs(amountCents * ratePerMillion);
  const magnitude = Math.floor((product + RATE_SCALE / 2) / RATE_SCALE);
  return magnitude === 0 ? 0 : Math.sign(amountCents) * Math.sign(ratePerMillion) * magnitude;
}
