/**
 * The stated, fixed rules of paying points out (docs/decisions/041-cash-outs-and-payouts.md,
 * docs/decisions/042-prize-draws-and-monthly-bonus.md). 100 points = $1, so a point is a cent.
 */

/** The smallest cash-out: $10. */
export const CASH_OUT_MINIMUM_POINTS = 1_000;
/** A cash-out larger than this waits for an operator; the server's config may change it. */
export const DEFAULT_CASH_OUT_REVIEW_ABOVE_POINTS = 10_000;
/** How long a cash-out that needs no review takes to be handed to the payout provider. */
export const CASH_OUT_SENT_WITHIN_MINUTES = 5;
/** How long an operator takes, at most, to review a held cash-out. */
export const CASH_OUT_REVIEW_WITHIN_BUSINESS_DAYS = 1;
export const POINTS_PER_DOLLAR = 100;

/** The weekly prize: $25 in points. */
export const PRIZE_DRAW_POINTS = 2_500;
/** Taking part in every event of a month: $5 in points. */
export const MONTHLY_BONUS_POINTS = 500;
/** Prize weeks and bonus months are cut on Toronto's clock, the same for every member. */
export const REWARDS_TIME_ZONE = 'America/Toronto';
/**
 * Draws and bonuses wait this long after their week or month ends: an event settles at the
 * latest 24 hours after its end (decision 034), so every result is in by then.
 */
export const REWARDS_SETTLE_GRACE_HOURS = 48;

/** Cents of a points amount (integer; never a float). */
export const pointsToCents = (points: number): number => points;

/** Refusal of a cash-out amount before anything is written, or null when it is acceptable. */
export function cashOutAmountProblem(points: number, balance: number): 'not_whole' | 'below_minimum' | 'insufficient_points' | null {
  if (!Number.isSafeInteger(points)) return 'not_whole';
  if (points < CASH_OUT_MINIMUM_POINTS) return 'below_minimum';
  if (points > balance) return 'insufficient_points';
  return null;
}

/** Held for review above the threshold; at or below it, sent at once. */
export const needsReview = (points: number, reviewAbovePoints: number): boolean => points > reviewAbovePoints;
