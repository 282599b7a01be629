/**
 * Points held until proven (issue 31; measured in bench/RESULTS.md, wired into settlement by
 * decision 140 through `proofStep`, one event at a time against the member's season so far).
 *
 * One event alone cannot always tell a real cut from the baseline's noise: the σ rule ('confidence'
 * in event-points-rule.ts) pays only savings above z σ and so misses many real cuts, while today's
 * target rule pays one home in five on days nobody cut. This rule keeps both: a saving that passes
 * the σ test is paid at once; one that does not keeps its target-rule points, held. After each of
 * the member's settled events a test over all of its events so far (Σ saving ÷ √Σ σ², the mean
 * saving against σ/√n when every σ is the same) asks whether its cuts are proven; every held event
 * is released at the first test, at or after it, that passes.
 *
 * The test is not a one-time gate: a member proven once is tested again after every later event,
 * so one who stops cutting sees its mean fall back below the boundary and its later events held
 * again. Because the test is repeated, its boundary is stricter than a single test's: see
 * RELEASE_BOUNDARIES.
 */

export type ProofEventInput = {
  baselineKwh: number;
  actualKwh: number;
  /** The home's σ over the event window (as the 'confidence' rule reads it); null when unknown. */
  noiseKwh: number | null;
  /**
   * How many days σ was read from (the baseline's days, decision 141). With it, the saving is tested
   * against its own σ, σ √(1 + 1/n), and the at-once bar is Student's t for n − 1 degrees of freedom
   * instead of z; without it (the harness's earlier rows), σ and z as given.
   */
  noiseDays?: number | null;
  /** What the event earns under the target rule (today's curve), whole points. */
  targetPoints: number;
};

export type ProofRule = {
  /** The per-event σ test's multiple: above it, paid at once. */
  z: number;
  /** σ of a home with too few past days, as a share of its baseline (the 'confidence' rule's fallback). */
  fallbackShare: number;
  /** The season test's boundary, in σ of the summed saving: proven once Σ saving ≥ boundary × √Σ σ². */
  boundaryZ: number;
};

export type ProofStatus = 'paid_at_once' | 'released' | 'held' | 'none';

export type ProofEventResult = {
  status: ProofStatus;
  /** Points finally paid: the target-rule points when paid at once or released, else 0. */
  points: number;
  /** Index of the event after which a held event was released (its own when the member was proven then). */
  releasedAt: number | null;
  /** The season test after this event: Σ saving ÷ √Σ σ² over the events so far. */
  seasonZ: number;
  proven: boolean;
};

/**
 * Boundaries for the season test. Each is a constant that a standard normal random walk's S_k / √k
 * crosses, at any of its first K looks, with about the chance stated (a Pocock-like boundary; from
 * 400,000 simulated walks, and the property test checks one). The chance grows slowly with the
 * number of looks (like √(2 log log K)), so each is named for the longest season it covers.
 */
export const RELEASE_BOUNDARIES = {
  /** ≈ 4.6 % of never-cutting members ever released over 10 events, 6.1 % over 20. */
  tenEventsAtFivePercent: 2.3,
  /** ≈ 2.8 % over 10 events, 3.8 % over 20, 4.9 % over 40. */
  fortyEventsAtFivePercent: 2.5,
  /** ≈ 1.7 % over 10 events, 2.3 % over 20, 3.0 % over 40. */
  fortyEventsAtThreePercent: 2.7,
} as const;

export const HELD_UNTIL_PROVEN: ProofRule = { z: 1.645, fallbackShare: 0.25, boundaryZ: RELEASE_BOUNDARIES.fortyEventsAtFivePercent };

/**
 * Student's t, one-sided 95 %, for 1–30 degrees of freedom (the standard table; the test checks each
 * against the t distribution integrated numerically). Past 30 the normal's 1.645 plus the first two
 * terms of its expansion in 1/ν (Cornish–Fisher), within 0.0005 of the t distribution there.
 */
const T_95 = [6.314, 2.92, 2.353, 2.132, 2.015, 1.943, 1.895, 1.86, 1.833, 1.812, 1.796, 1.782, 1.771, 1.761, 1.753, 1.746, 1.74, 1.734, 1.729, 1.725, 1.721, 1.717, 1.714, 1.711, 1.708, 1.706, 1.703, 1.701, 1.699, 1.697];

export function studentT95(degreesOfFreedom: number): number {
  if (!Number.isInteger(degreesOfFreedom) || degreesOfFreedom < 1) throw new RangeError(`degrees of freedom must be a positive integer, not ${degreesOfFreedom}`);
  if (degreesOfFreedom <= T_95.length) return T_95[degreesOfFreedom - 1]!;
  const z = 1.6448536;
  const nu = degreesOfFreedom;
  return z + (z ** 3 + z) / (4 * nu) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * nu * nu);
}

/**
 * What a saving is tested against: its σ and the at-once multiple. σ read from n days is the
 * spread of one day about their mean; the saving is the mean less a new day, whose spread is
 * σ √(1 + 1/n), and σ itself is an estimate from n days, so the one-sided 5 % bar is t(n − 1), not z.
 */
export function savingTest(event: ProofEventInput, rule: ProofRule): { sigmaKwh: number; multiple: number } {
  const { noiseKwh, baselineKwh, noiseDays } = event;
  if (noiseKwh === null || !Number.isFinite(noiseKwh) || noiseKwh < 0) return { sigmaKwh: rule.fallbackShare * baselineKwh, multiple: rule.z };
  if (noiseDays === undefined || noiseDays === null || !Number.isInteger(noiseDays) || noiseDays < 2) return { sigmaKwh: noiseKwh, multiple: rule.z };
  return { sigmaKwh: noiseKwh * Math.sqrt(1 + 1 / noiseDays), multiple: studentT95(noiseDays - 1) };
}

/** A member's settled events of a season with a baseline, so far: how many, Σ saving and Σ σ². */
export type SeasonSums = { events: number; savedKwh: number; varianceKwh2: number };

export const EMPTY_SEASON: SeasonSums = { events: 0, savedKwh: 0, varianceKwh2: 0 };

/** The season test: Σ saving ÷ √Σ σ². With no noise at all the sum is exact: any saving is proof, none is not. */
export function seasonZ(sums: SeasonSums): number {
  return sums.varianceKwh2 > 0 ? sums.savedKwh / Math.sqrt(sums.varianceKwh2) : sums.savedKwh > 0 ? Number.POSITIVE_INFINITY : 0;
}

export type ProofStep = {
  /**
   * paid_at_once: its saving clears z σ; held: it earns points but does not (released with the
   * others when `proven`); none: it earns nothing, or has no baseline.
   */
  status: 'paid_at_once' | 'held' | 'none';
  /** What it earns under the target rule, whole points (0 without a baseline). */
  points: number;
  /** Whether it counts in the season test: a positive baseline and a finite actual. */
  counted: boolean;
  /** Baseline − actual, kWh; 0 when not counted. */
  savingKwh: number;
  /** The σ it is tested against (the saving's, from the home's days, or the fallback share of its baseline); 0 when not counted. */
  sigmaKwh: number;
  /** The saving above which it is paid at once (the multiple times σ); 0 when not counted. */
  atOnceKwh: number;
  /** The season with this event added (unchanged when not counted). */
  sums: SeasonSums;
  seasonZ: number;
  /** The season test passes after this event: every held event of the season, this one included, is released. */
  proven: boolean;
};

/** One settled event against the member's season before it: how it is paid, and the season test after it. */
export function proofStep(before: SeasonSums, event: ProofEventInput, rule: ProofRule = HELD_UNTIL_PROVEN): ProofStep {
  const counted = Number.isFinite(event.baselineKwh) && event.baselineKwh > 0 && Number.isFinite(event.actualKwh);
  const { sigmaKwh, multiple } = counted ? savingTest(event, rule) : { sigmaKwh: 0, multiple: rule.z };
  const savingKwh = counted ? event.baselineKwh - event.actualKwh : 0;
  // An event with no baseline says nothing about the member's cuts: it leaves the test as it was.
  const sums = counted ? { events: before.events + 1, savedKwh: before.savedKwh + savingKwh, varianceKwh2: before.varianceKwh2 + sigmaKwh * sigmaKwh } : before;
  const z = seasonZ(sums);
  const points = counted ? Math.max(0, Math.trunc(event.targetPoints)) : 0;
  const atOnceKwh = multiple * sigmaKwh;
  const status = points === 0 ? 'none' : savingKwh > atOnceKwh ? 'paid_at_once' : 'held';
  return { status, points, counted, savingKwh, sigmaKwh, atOnceKwh, sums, seasonZ: z, proven: z >= rule.boundaryZ };
}

/** A member's settled events, oldest first: what each is paid, at once or on release, and the season test after it. */
export function pointsHeldUntilProven(events: readonly ProofEventInput[], rule: ProofRule = HELD_UNTIL_PROVEN): ProofEventResult[] {
  const results: ProofEventResult[] = [];
  const waiting: number[] = [];
  let sums = EMPTY_SEASON;
  events.forEach((event, index) => {
    const step = proofStep(sums, event, rule);
    sums = step.sums;
    const { seasonZ, proven } = step;
    if (step.status === 'none') results.push({ status: 'none', points: 0, releasedAt: null, seasonZ, proven });
    else if (step.status === 'paid_at_once') results.push({ status: 'paid_at_once', points: step.points, releasedAt: null, seasonZ, proven });
    else {
      results.push({ status: 'held', points: 0, releasedAt: null, seasonZ, proven });
      waiting.push(index);
    }
    if (proven) {
      for (const k of waiting) results[k] = { ...results[k]!, status: 'released', points: Math.max(0, Math.trunc(events[k]!.targetPoints)), releasedAt: index };
      waiting.length = 0;
    }
  });
  return results;
}
