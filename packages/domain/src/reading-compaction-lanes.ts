/**
 * The lanes of the compaction job (decision 130): the household id space cut in `count` equal
 * slices by the ids' first 32 bits. Household ids are random (version 4), so each slice holds
 * about as many homes, whatever their number, and a lane's bounds never depend on which homes
 * exist: every server process computes the same lanes, and so the same job keys.
 */

/** Most lanes a deployment may ask for: each is a chain of runs and a job row a day. */
export const MAX_COMPACTION_LANES = 64;

/**
 * A lane as the compaction step takes it: the homes with `after < id < until` (null: no bound).
 * A lane's first id is its slice's own, so `after` is the id just before it (…-ffff-ffffffffffff
 * of the slice before), and a home whose id is exactly a bound falls in one lane, never two or none.
 */
export type CompactionLane = { after: string | null; until: string | null };

const SPACE = 2 ** 32;
const hex8 = (n: number) => n.toString(16).padStart(8, '0');

export function compactionLanes(count: number): CompactionLane[] {
  if (!Number.isInteger(count) || count < 1 || count > MAX_COMPACTION_LANES) throw new RangeError(`The lanes must be a whole number from 1 to ${MAX_COMPACTION_LANES}`);
  const start = (i: number) => Math.floor((i * SPACE) / count);
  return Array.from({ length: count }, (_, i) => ({
    after: i === 0 ? null : `${hex8(start(i) - 1)}-ffff-ffff-ffff-ffffffffffff`,
    until: i === count - 1 ? null : `${hex8(start(i + 1))}-0000-0000-0000-000000000000`,
  }));
}
