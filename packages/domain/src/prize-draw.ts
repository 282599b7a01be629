import { addDays, localDateOf, startOfLocalDate, startOfLocalWeek, type LocalDate } from './local-time';
import { REWARDS_TIME_ZONE } from './payout-rules';
import { sha256Hex } from './sha256';

/**
 * The weekly prize draw (docs/decisions/042-prize-draws-and-monthly-bonus.md). Before a week
 * starts, a random seed is drawn and only its SHA-256 is published (the commitment). After the
 * week, the seed is revealed and the winner follows from it and the week's entries alone:
 *
 *   digest = SHA-256( seed, then "\n" and each entry, entries sorted in byte order )
 *   winner = sorted entries [ first 16 hex digits of digest, as a number, modulo the count ]
 *
 * Anyone can check it: `printf '%s' SEED | sha256sum` is the commitment, and
 * `{ printf '%s' SEED; printf '\n%s' $(LC_ALL=C sort entries.txt); } | sha256sum` the digest.
 */

/** The commitment published before the week: SHA-256 of the seed's text. */
export const seedCommitment = (seed: string): string => sha256Hex(seed);

export const sortEntries = (entries: readonly string[]): string[] => [...entries].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

export function drawDigest(seed: string, entries: readonly string[]): string {
  return sha256Hex(seed + sortEntries(entries).map((e) => `\n${e}`).join(''));
}

/** The winning entry, or null for a week nobody entered. */
export function drawWinner(seed: string, entries: readonly string[]): { winner: string; index: number; digest: string } | null {
  const sorted = sortEntries(entries);
  if (sorted.length === 0) return null;
  const digest = drawDigest(seed, sorted);
  const index = Number(BigInt(`0x${digest.slice(0, 16)}`) % BigInt(sorted.length));
  return { winner: sorted[index]!, index, digest };
}

/**
 * A household's entry in one draw: a digest of the draw and the household, so the published list
 * names nobody and a member can still find their own line.
 */
export const entryToken = (drawId: string, householdId: string): string => sha256Hex(`${drawId}:${householdId}`);

/** The prize week (Monday 00:00 to the next Monday, Toronto) containing `instant`. */
export function prizeWeekOf(instant: Date): { week: LocalDate; startsAt: Date; endsAt: Date } {
  const startsAt = startOfLocalWeek(instant, REWARDS_TIME_ZONE);
  const week = localDateOf(startsAt, REWARDS_TIME_ZONE);
  return { week, startsAt, endsAt: startOfLocalDate(addDays(week, 7), REWARDS_TIME_ZONE) };
}

/** The week after the one named by its Monday. */
export const nextPrizeWeek = (week: LocalDate) => prizeWeekOf(startOfLocalDate(addDays(week, 7), REWARDS_TIME_ZONE));
