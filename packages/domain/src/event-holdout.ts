/**
 * The rules of an event's random hold-out (decision 100): how many of the area's households an
 * event leaves uncalled, and how often one household may be left out.
 */

/** An operator may hold out 0 to 50 % of the area; 5 % unless they say otherwise. */
export const HOLDOUT_PERCENT_DEFAULT = 5;
export const HOLDOUT_PERCENT_MAX = 50;

/**
 * A household is held out of at most one in five (rounded up) of its program's events in a
 * season, counting the event being drawn: its first hold-out can come at any event, its second
 * not before the sixth, so over a season its share stays near 20 % at most.
 */
export const SEASON_HOLDOUT_ONE_IN = 5;

/** How many of `eligible` households `percent` % holds out: rounded down, so a small area (under 20 at 5 %) holds out nobody. */
export function holdoutSize(eligible: number, percent: number): number {
  if (!Number.isInteger(eligible) || eligible < 0 || !Number.isInteger(percent) || percent < 0 || percent > HOLDOUT_PERCENT_MAX) {
    throw new RangeError('eligible must be a whole number ≥ 0 and percent a whole number from 0 to 50');
  }
  return Math.floor((eligible * percent) / 100);
}

/** How many of the season's `eventsInSeason` events (this one included) one household may be held out of. */
export function seasonHoldoutCap(eventsInSeason: number): number {
  if (!Number.isInteger(eventsInSeason) || eventsInSeason < 1) throw new RangeError('eventsInSeason must be a whole number ≥ 1');
  return Math.ceil(eventsInSeason / SEASON_HOLDOUT_ONE_IN);
}
