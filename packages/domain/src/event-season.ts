/**
 * An event's season: the half-year the hold-out's cap counts its events over (decision 100) and the
 * held-until-proven rule tests a member's cuts over (decision 140). Summer runs from May to October;
 * winter from November to April, named after the year it starts in.
 */

import { addDays } from './local-time';
import { CORRECTION_WINDOW_DAYS } from './reading-corrections';

const SEASON_ID = /^(\d{4})-(summer|winter)$/;

/** The season of a local date (YYYY-MM-DD): `YYYY-summer` or `YYYY-winter`. */
export function eventSeason(date: string): string {
  const match = /^(\d{4})-(\d{2})-\d{2}$/.exec(date);
  if (!match) throw new RangeError(`not a date: ${date}`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (month >= 5 && month <= 10) return `${year}-summer`;
  return month >= 11 ? `${year}-winter` : `${year - 1}-winter`;
}

/** A season's last day, YYYY-MM-DD: 31 October for a summer, 30 April of the next year for a winter. */
export function seasonEndsOn(season: string): string {
  const match = SEASON_ID.exec(season);
  if (!match) throw new RangeError(`not a season: ${season}`);
  const year = Number(match[1]);
  return match[2] === 'summer' ? `${year}-10-31` : `${year + 1}-04-30`;
}

/** Whether the season is over on a local date (the day after its last day, or later). */
export function seasonHasEnded(season: string, today: string): boolean {
  // ISO dates compare as strings.
  return today > seasonEndsOn(season);
}

/**
 * Days after a season's last day in which its held points can still be released: its last events
 * are still settled and corrected. The season's last event starts on its last day at the latest and
 * ends on the next (an event lasts a few hours); late readings re-settle it for
 * CORRECTION_WINDOW_DAYS after its end (decision 031). One day for the event, the window for the
 * corrections: its last re-settlement is over before the grace is.
 */
export const SEASON_GRACE_DAYS = 1 + CORRECTION_WINDOW_DAYS;

/**
 * The local date (YYYY-MM-DD) from whose start a season's held points are final: still held, they
 * have lapsed, and no settlement releases them any more. 9 November for a summer, 9 May for a winter.
 */
export function seasonFinalOn(season: string): string {
  return addDays(seasonEndsOn(season), SEASON_GRACE_DAYS + 1);
}

/**
 * Whether a season's held points are final on a local date (its final day, or later). The member's
 * page says lapsed and settlement releases nothing of the season from the same day, so a result
 * shown lapsed is never paid after.
 */
export function seasonIsFinal(season: string, today: string): boolean {
  return today >= seasonFinalOn(season);
}
