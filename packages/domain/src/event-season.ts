/**
 * An event's season: the half-year the hold-out's cap counts its events over (decision 100) and the
 * held-until-proven rule tests a member's cuts over (decision 140). Summer runs from May to October;
 * winter from November to April, named after the year it starts in.
 */

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
