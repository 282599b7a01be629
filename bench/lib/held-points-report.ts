/**
 * Points held until proven (packages/domain/src/event-points-proof.ts) scored on the harness's
 * population against the simulator's truth, beside today's target rule and the σ rule on the same
 * baseline. Each home is a member: its real events, oldest first, are one season; its placebo days,
 * oldest first, another, in which it cut nothing. Every rule is judged on what the home's true
 * reduction earns under today's curve (target 10 %), since that is what a held event finally pays.
 */

import { HELD_UNTIL_PROVEN, pointsHeldUntilProven, RELEASE_BOUNDARIES, type ProofEventInput, type ProofEventResult, type ProofRule } from '../../packages/domain/src/event-points-proof';
import { pointsUnderRule, type PointsRule } from '../../packages/domain/src/event-points-rule';
import { COMBINED_EXPECTED_DRAW, COMPARISON_EVENT_DAY, COMPARISON_EVENT_DAY_GROSS, NOISE_BASELINE_QUANTITY, NOISE_EXPECTED_DRAW, NOISE_GROUP_PEERS, NOISE_RAW, NOISE_RESIDUAL_RMS, NOISE_RESIDUAL_SD, NOISE_SUN_MATCHED_5, NOISE_WINDOW_MATCHED_5, SUN_MATCHED_5, WINDOW_MATCHED_5 } from './baseline-candidates';
import { paidPoints, SEGMENTS, truePoints, type Outcome } from './baseline-scoring';

const TARGET: PointsRule = { kind: 'target', targetPercent: 10 };
const CONFIDENCE: PointsRule = { kind: 'confidence', targetPercent: 10, z: 1.645, fallbackShare: 0.25 };

/**
 * A held rule as the harness runs it: the domain rule, and which σ it is given. Without `sigma`, the
 * home-event's raw σ (noiseKwh, the σ rule's); with it, that σ candidate (NOISE_CANDIDATES), which
 * only dumps made with BENCH_NOISE_CANDIDATES=1 carry.
 */
export type HeldRule = {
  label: string;
  rule: ProofRule;
  sigma?: string;
  /** Give the domain the σ's day count too (decision 141: σ √(1 + 1/n) against t for n − 1); only dumps from decision 141 on carry it. */
  withDays?: boolean;
  /** The baseline it settles on, when not the report's own (a rule settled on another baseline than the one the table compares on). */
  baseline?: string;
};

export const HELD_RULES: readonly HeldRule[] = [
  { label: `held, released at ${RELEASE_BOUNDARIES.tenEventsAtFivePercent} σ`, rule: { z: 1.645, fallbackShare: 0.25, boundaryZ: RELEASE_BOUNDARIES.tenEventsAtFivePercent } },
  { label: `held, released at ${RELEASE_BOUNDARIES.fortyEventsAtFivePercent} σ`, rule: { z: 1.645, fallbackShare: 0.25, boundaryZ: RELEASE_BOUNDARIES.fortyEventsAtFivePercent } },
  { label: `held, released at ${RELEASE_BOUNDARIES.fortyEventsAtThreePercent} σ`, rule: { z: 1.645, fallbackShare: 0.25, boundaryZ: RELEASE_BOUNDARIES.fortyEventsAtThreePercent } },
];

const atBoundary = (boundaryZ: number): ProofRule => ({ z: 1.645, fallbackShare: 0.25, boundaryZ });

/**
 * The held rule given another σ (issue 31: solar homes' σ read on net draw while their baseline is
 * on gross load): the σ on the baseline's own quantity, and the baseline's own error on the home's
 * ordinary days (decision 138's back-test, sd and RMS), each at the three boundaries.
 */
const SIGMA_CANDIDATES: readonly { name: string; label: string }[] = [
  { name: NOISE_BASELINE_QUANTITY, label: "σ on the baseline's quantity" },
  { name: NOISE_RESIDUAL_SD, label: "σ the baseline's own error (sd)" },
  { name: NOISE_RESIDUAL_RMS, label: "σ the baseline's own error (RMS)" },
];

/**
 * Not a candidate of its own but a choice among two, by the baseline's branch: the baseline's own
 * error for solar homes without a battery (the gross-load branch, whose σ on gross load still runs
 * 1.7–1.8 times their baseline's real error), σ on the baseline's quantity for everyone else (whose
 * held events hold almost no real cut; bench/held-solar-gap.ts).
 */
export const SIGMA_BY_BRANCH = "the baseline's own error (RMS) for solar homes without a battery, σ on the baseline's quantity for the rest";

/** The same choice with the σ of the expected draw's days for solar homes without a battery (expected-draw's own quantity). */
export const SIGMA_EXPECTED_DRAW_BY_BRANCH = "the expected draw's σ for solar homes without a battery, σ on the baseline's quantity for the rest";

export const HELD_SIGMA_RULES: readonly HeldRule[] = [
  ...SIGMA_CANDIDATES.flatMap(({ name, label }) =>
    Object.values(RELEASE_BOUNDARIES).map((boundaryZ) => ({ label: `held, ${label}, released at ${boundaryZ} σ`, rule: atBoundary(boundaryZ), sigma: name })),
  ),
  { label: `held, σ ${SIGMA_BY_BRANCH}, released at ${RELEASE_BOUNDARIES.fortyEventsAtFivePercent} σ`, rule: atBoundary(RELEASE_BOUNDARIES.fortyEventsAtFivePercent), sigma: SIGMA_BY_BRANCH },
  { label: `held, σ ${SIGMA_EXPECTED_DRAW_BY_BRANCH}, released at ${RELEASE_BOUNDARIES.fortyEventsAtFivePercent} σ`, rule: atBoundary(RELEASE_BOUNDARIES.fortyEventsAtFivePercent), sigma: SIGMA_EXPECTED_DRAW_BY_BRANCH },
];

/**
 * Decision 141's rule as settlement runs it: held until proven at 2.5 σ, on combined with solar homes
 * without a battery on their expected draw (new members by the comparison group's ratio), σ by branch
 * (the expected draw's for those homes, the baseline's quantity's for the rest), each saving tested on
 * σ √(1 + 1/n) against Student's t for n − 1, n the days its σ was read from.
 */
export const DECISION_141: HeldRule = {
  label: 'decision 141: held, expected draw, σ by branch, t(n−1) on σ√(1+1/n)',
  rule: HELD_UNTIL_PROVEN,
  sigma: SIGMA_EXPECTED_DRAW_BY_BRANCH,
  withDays: true,
  // New members as settlement scores them: over their days of the event's kind, else of any kind, else
  // (no past day at all, no solar) over the event day's window before the start (decision 144).
  baseline: `${COMBINED_EXPECTED_DRAW}; new members by ${COMPARISON_EVENT_DAY}`,
};

/** Decision 141's σ, and for a battery home with panels the spread of its 5 own days nearest in sun (decision 147). */
export const SIGMA_SUN_BY_BRANCH = "decision 141's σ, a battery home with panels' from its 5 own days nearest in sun";

/**
 * Decision 147's rule as settlement runs it: decision 141's, with battery homes with panels on the 5
 * of their own days nearest the event day in production from midnight to the start, and σ read from
 * those 5 days (so n = 5 in t(n − 1) and √(1 + 1/n)).
 */
export const DECISION_147: HeldRule = {
  ...DECISION_141,
  label: 'decision 147: decision 141, battery homes with panels on their 5 days nearest in sun and their σ',
  sigma: SIGMA_SUN_BY_BRANCH,
  baseline: `${SUN_MATCHED_5}; new members by ${COMPARISON_EVENT_DAY}`,
};

/** Decision 147's σ, and for a solar home without a battery the spread of its 5 days nearest in the early window's gross load. */
export const SIGMA_WINDOW_BY_BRANCH = "decision 147's σ, a solar home without a battery's from its 5 days nearest in the early window's gross load";

/** A candidate on decision 147 (measured, not settled): solar homes without a battery on their 5 days nearest in the early window. */
export const WINDOW_MATCHED_RULE: HeldRule = {
  ...DECISION_147,
  label: "decision 147, solar homes without a battery on their 5 days nearest in the early window's gross load and their σ",
  sigma: SIGMA_WINDOW_BY_BRANCH,
  baseline: `${WINDOW_MATCHED_5}; new members by ${COMPARISON_EVENT_DAY}`,
};

/**
 * The rule settlement runs since decision 144's Since: decision 147's, with a solar home without a
 * battery and with no past day scored on the event day's gross load (the harness's settled row).
 */
export const EVENT_DAY_GROSS_RULE: HeldRule = {
  ...DECISION_147,
  label: 'decision 147, a solar home without a battery and with no past day on the event day’s gross load (decision 144’s Since)',
  baseline: `${SUN_MATCHED_5}; new members by ${COMPARISON_EVENT_DAY_GROSS}`,
};

/** Whether every home-event carries what a held rule reads: its σ candidates, their days, its baseline. */
export function canRun(outcomes: readonly Outcome[], held: HeldRule): boolean {
  const names = held.sigma === undefined ? [] : sigmaNames(held.sigma);
  return outcomes.every(
    (o) => names.every((name) => o.noise !== undefined && name in o.noise) && (!held.withDays || o.noiseDays !== undefined) && (held.baseline === undefined || o.baseline.has(held.baseline)),
  );
}

/** The σ candidates a held rule's σ reads, over every kind of home. */
function sigmaNames(sigma: string): string[] {
  const branch = BRANCH_SIGMAS.get(sigma);
  return branch ? [...new Set(Object.values(branch))] : [sigma];
}

/**
 * Decision 141's σ, except for a new member its comparison group scores: σ from the group's peers'
 * ratios, with their number for n (NOISE_GROUP_PEERS). Where the harness has none for a home-event,
 * decision 141's σ stands.
 */
export const SIGMA_PEERS_FOR_NEW_MEMBERS = "decision 141's σ, a group-scored new member's from its peers' ratios";

/**
 * A σ chosen by the home's baseline branch: the candidate for a solar home without a battery and for
 * every other home, and, where a candidate baseline scored the home, its own σ for a battery home with
 * panels or a solar home without a battery (a home it did not score keeps the branch's).
 */
type BranchSigma = { solarWithoutBattery: string; rest: string; batteryWithPanels?: string; solarWithoutBatteryScored?: string };
const BY_EXPECTED_DRAW: BranchSigma = { solarWithoutBattery: NOISE_EXPECTED_DRAW, rest: NOISE_BASELINE_QUANTITY };
const BRANCH_SIGMAS: ReadonlyMap<string, BranchSigma> = new Map([
  [SIGMA_BY_BRANCH, { solarWithoutBattery: NOISE_RESIDUAL_RMS, rest: NOISE_BASELINE_QUANTITY }],
  [SIGMA_EXPECTED_DRAW_BY_BRANCH, BY_EXPECTED_DRAW],
  [SIGMA_PEERS_FOR_NEW_MEMBERS, BY_EXPECTED_DRAW],
  [SIGMA_SUN_BY_BRANCH, { ...BY_EXPECTED_DRAW, batteryWithPanels: NOISE_SUN_MATCHED_5 }],
  [SIGMA_WINDOW_BY_BRANCH, { ...BY_EXPECTED_DRAW, batteryWithPanels: NOISE_SUN_MATCHED_5, solarWithoutBatteryScored: NOISE_WINDOW_MATCHED_5 }],
]);

/** The σ candidate a held rule's σ names for a home by its baseline branch (a σ that is no branch names itself). */
export function heldSigmaName(sigma: string, solarWithoutBattery: boolean): string {
  const branch = BRANCH_SIGMAS.get(sigma);
  if (!branch) return sigma;
  return solarWithoutBattery ? branch.solarWithoutBattery : branch.rest;
}

/** The σ a held rule is given for one home-event (null: unknown, the rule's fallback share stands in). */
export function heldSigmaKwh(o: Outcome, sigma: string | undefined): number | null {
  if (sigma === undefined) return o.noiseKwh;
  if (o.noise === undefined) throw new Error(`no σ candidates for home ${o.homeIndex} (a dump made without BENCH_NOISE_CANDIDATES=1)`);
  return o.noise[sigmaNameFor(o, sigma)] ?? null;
}

/** The σ candidate a held rule's σ names for this home-event: by its branch, or its peers' for a group-scored new member. */
function sigmaNameFor(o: Outcome, sigma: string): string {
  if (sigma === SIGMA_PEERS_FOR_NEW_MEMBERS && o.newMember && o.noise?.[NOISE_GROUP_PEERS] != null) return NOISE_GROUP_PEERS;
  const branch = BRANCH_SIGMAS.get(sigma);
  // A candidate baseline's own σ where it scored the home.
  const own = !branch || !o.solar ? undefined : o.battery === true ? branch.batteryWithPanels : branch.solarWithoutBatteryScored;
  if (own !== undefined && o.noise?.[own] != null) return own;
  return heldSigmaName(sigma, o.solar && o.battery !== true);
}

/** How many days that σ was read from, for a rule that gives the domain the count (null: not given). */
export function heldSigmaDays(o: Outcome, held: HeldRule): number | null {
  if (!held.withDays) return null;
  if (o.noiseDays === undefined) throw new Error(`no σ day counts for home ${o.homeIndex} (a dump from before decision 141, or made without BENCH_NOISE_CANDIDATES=1)`);
  // Without a named σ the rule reads the raw σ, which the raw candidate's days hold.
  return o.noiseDays[sigmaNameFor(o, held.sigma ?? NOISE_RAW)] ?? null;
}

/** How each home-event ends under one rule: points paid and the way they were paid. */
type Paid = { points: number; way: 'at_once' | 'released' | 'released_later' | 'never' | 'none' };
export type Payout = Map<Outcome, Paid>;

/** The homes' seasons: real events and placebo days apart, each oldest first (the harness pushes them in date order). */
export function seasons(outcomes: readonly Outcome[]): Outcome[][] {
  const byHome = new Map<string, Outcome[]>();
  for (const o of outcomes) {
    const key = `${o.homeIndex}|${o.placebo}`;
    const list = byHome.get(key) ?? [];
    list.push(o);
    byHome.set(key, list);
  }
  return [...byHome.values()];
}

/**
 * `targetPoints`: what an event earns under the target rule on its baseline (the harness's curve
 * unless a candidate rule is given in its place).
 */
export function heldPayout(outcomes: readonly Outcome[], reportMethod: string, held: HeldRule, targetPoints: (o: Outcome, method: string) => number = paidPoints): Payout {
  const { rule, sigma } = held;
  const method = held.baseline ?? reportMethod;
  const payout: Payout = new Map();
  for (const season of seasons(outcomes)) {
    const results: ProofEventResult[] = pointsHeldUntilProven(
      season.map((o) => {
        const b = o.baseline.get(method) ?? null;
        // No baseline: not settled, paid nothing, and no part of the test (a NaN baseline is left out).
        return { baselineKwh: b ?? Number.NaN, actualKwh: o.scoredActualKwh, noiseKwh: heldSigmaKwh(o, sigma), noiseDays: heldSigmaDays(o, held), targetPoints: targetPoints(o, method) };
      }),
      rule,
    );
    season.forEach((o, i) => {
      const r = results[i]!;
      const way = r.status === 'paid_at_once' ? 'at_once' : r.status === 'released' ? (r.releasedAt === i ? 'released' : 'released_later') : r.status === 'held' ? 'never' : 'none';
      payout.set(o, { points: r.points, way });
    });
  }
  return payout;
}

function rulePayout(outcomes: readonly Outcome[], method: string, rule: PointsRule): Payout {
  const payout: Payout = new Map();
  for (const o of outcomes) {
    const b = o.baseline.get(method) ?? null;
    const points = b === null ? 0 : pointsUnderRule(rule, { baselineKwh: b, actualKwh: o.scoredActualKwh, noiseKwh: o.noiseKwh });
    // What today's rule would pay and this one does not: lost, not held.
    const way = points > 0 ? 'at_once' : paidPoints(o, method) > 0 ? 'never' : 'none';
    payout.set(o, { points, way });
  }
  return payout;
}

export type Figures = { n: number; biasPercent: number; within: number; paid: number; atOnce: number; released: number; releasedLater: number; never: number };

/** `earns`: what the home-event's true cut earns (the harness's curve unless a candidate rule is given). */
export function figures(group: readonly Outcome[], payout: Payout, earns: (o: Outcome) => number = truePoints): Figures {
  let paid = 0;
  let earned = 0;
  let within = 0;
  let paidAny = 0;
  const ways = { at_once: 0, released: 0, released_later: 0, never: 0, none: 0 };
  for (const o of group) {
    const p = payout.get(o)!;
    const t = earns(o);
    paid += p.points;
    earned += t;
    if (Math.abs(p.points - t) <= 0.2 * t) within++;
    if (p.points > 0) paidAny++;
    ways[p.way]++;
  }
  const n = group.length;
  return { n, biasPercent: ((paid - earned) / earned) * 100, within: within / n, paid: paidAny / n, atOnce: ways.at_once / n, released: ways.released / n, releasedLater: ways.released_later / n, never: ways.never / n };
}

/** Share of homes whose placebo season had any event released: the boundary's chance, measured. */
function homesReleased(placebos: readonly Outcome[], payout: Payout): number {
  const homes = new Map<number, boolean>();
  for (const o of placebos) homes.set(o.homeIndex, (homes.get(o.homeIndex) ?? false) || payout.get(o)!.way.startsWith('released'));
  return [...homes.values()].filter(Boolean).length / homes.size;
}

const pct = (x: number, digits = 1) => (Number.isFinite(x) ? `${(x * 100).toFixed(digits)} %` : '–');
const signed = (x: number) => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${x.toFixed(1)} %` : '–');

/** The report's lines for one baseline: the rules side by side, per segment, and by behaviour. */
export function heldReport(events: readonly Outcome[], placebos: readonly Outcome[], gamed: readonly Outcome[], method: string): string[] {
  const everyone = [...events, ...placebos, ...gamed];
  const rules: { label: string; payout: Payout; held: boolean }[] = [
    { label: 'target 10 % (today)', payout: rulePayout(everyone, method, TARGET), held: false },
    { label: 'target 10 % once the saving > 1.645 σ', payout: rulePayout(everyone, method, CONFIDENCE), held: false },
    // The σ candidates' rows only when the dump carries them, so a run without them prints the table as before.
    ...[...HELD_RULES, ...HELD_SIGMA_RULES.filter((held) => canRun(everyone, { ...held, baseline: undefined }))].map((held) => ({ label: held.label, payout: heldPayout(everyone, method, held), held: true })),
    // Decision 141's row only from dumps that carry its σ's day counts (and its baseline): older dumps print the table as before.
    ...(canRun(everyone, DECISION_141) ? [{ label: DECISION_141.label, payout: heldPayout(everyone, method, DECISION_141), held: true }] : []),
  ];
  const out: string[] = [];
  out.push(`Points held until proven, on ${method}: every rule judged on what the true reduction earns under target 10 %. A real event is paid at once (σ test), released at its own settlement (the member proven by then), released at a later event, held and never released, or earns nothing under the target rule.`);
  out.push('');
  out.push('| Rule | Points bias | Points within ±20 % | Events: paid at once / released at settlement / released later / held, never paid | Placebo days paid anything (at once + released) | Placebo homes with any release |');
  out.push('|---|---|---|---|---|---|');
  for (const { label, payout, held } of rules) {
    const e = figures(events, payout);
    const p = figures(placebos, payout);
    out.push(`| ${label} | ${signed(e.biasPercent)} | ${pct(e.within, 0)} | ${pct(e.atOnce)} / ${pct(e.released)} / ${pct(e.releasedLater)} / ${pct(e.never)} | ${pct(p.paid)} (${pct(p.atOnce)} + ${pct(p.released + p.releasedLater)}) | ${held ? pct(homesReleased(placebos, payout)) : '–'} |`);
  }
  out.push('');
  out.push('Per segment: points bias / within ±20 % / placebo paid (events, placebos).');
  out.push('');
  out.push(`| Rule | ${SEGMENTS.map((s) => `${s.name} (${events.filter(s.includes).length}, ${placebos.filter(s.includes).length})`).join(' | ')} |`);
  out.push(`|---|${SEGMENTS.map(() => '---').join('|')}|`);
  for (const { label, payout } of rules) {
    const cells = SEGMENTS.map((segment) => {
      const e = figures(events.filter(segment.includes), payout);
      const p = figures(placebos.filter(segment.includes), payout);
      return `${signed(e.biasPercent)} / ${pct(e.within, 0)} / ${pct(p.paid)}`;
    });
    out.push(`| ${label} | ${cells.join(' | ')} |`);
  }
  out.push('');
  out.push('By behaviour at real events (gaming homes included): mean points paid, the true cut earning under target 10 %; for held rules, paid at once / released (at settlement or later) / held, never paid.');
  out.push('');
  out.push(`| Behaviour (home-events) | True cut earns | ${rules.map((r) => r.label).join(' | ')} |`);
  out.push(`|---|---|${rules.map(() => '---').join('|')}|`);
  for (const behaviour of ['hard', 'little', 'none', 'precondition', 'game_before', 'game_days'] as const) {
    const group = [...events, ...gamed].filter((o) => o.behaviour === behaviour);
    if (group.length === 0) continue;
    const earned = group.reduce((s, o) => s + truePoints(o), 0) / group.length;
    const cells = rules.map(({ payout, held }) => {
      const mean = group.reduce((s, o) => s + payout.get(o)!.points, 0) / group.length;
      if (!held) return mean.toFixed(0);
      const f = figures(group, payout);
      return `${mean.toFixed(0)} (${pct(f.atOnce, 0)} / ${pct(f.released + f.releasedLater, 0)} / ${pct(f.never, 0)})`;
    });
    out.push(`| ${behaviour} (${group.length}) | ${earned.toFixed(0)} | ${cells.join(' | ')} |`);
  }
  return out;
}

/** A held rule against issue 31's three points targets: bias, share within ±20 % and placebo days paid, with the distance to them in points. */
export function heldTargets(events: readonly Outcome[], placebos: readonly Outcome[], gamed: readonly Outcome[], method: string, held: HeldRule) {
  const payout = heldPayout([...events, ...placebos, ...gamed], method, held);
  const e = figures(events, payout);
  const placebo = figures(placebos, payout).paid;
  const distance = Math.max(0, Math.abs(e.biasPercent) - 2) + Math.max(0, 80 - e.within * 100) + Math.max(0, placebo * 100 - 5);
  return { biasPercent: e.biasPercent, within: e.within, placebo, distance, meets: distance === 0 };
}

/** A season's home-events as decision 147's held rule reads them, each earning `targetPoints` on its baseline (NaN without one). */
export function decision147Inputs(season: readonly Outcome[], targetPoints: (o: Outcome, baselineKwh: number) => number): ProofEventInput[] {
  return season.map((o) => {
    const b = o.baseline.get(DECISION_147.baseline!) ?? Number.NaN;
    return { baselineKwh: b, actualKwh: o.scoredActualKwh, noiseKwh: heldSigmaKwh(o, DECISION_147.sigma), noiseDays: heldSigmaDays(o, DECISION_147), targetPoints: targetPoints(o, b) };
  });
}

const signedPercent = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)} %`;

/**
 * One candidate's row in the candidate scripts' table: the population (bias, within, placebo paid), the segments' bias, and
 * what hard, little and pre-conditioning cutters are paid ÷ what their true cuts earn.
 */
export function candidateRow(name: string, real: readonly Outcome[], placebos: readonly Outcome[], p: Payout, pp: Payout): string {
  const all = figures(real, p);
  const seg = (pick: (o: Outcome) => boolean) => signedPercent(figures(real.filter(pick), p).biasPercent);
  const ratio = (behaviour: string) => {
    const g = real.filter((o) => o.behaviour === behaviour);
    return (g.reduce((s, o) => s + p.get(o)!.points, 0) / g.reduce((s, o) => s + truePoints(o), 0)).toFixed(2);
  };
  return `| ${name} | ${signedPercent(all.biasPercent)}, ${(all.within * 100).toFixed(0)} %, ${(figures(placebos, pp).paid * 100).toFixed(1)} % | ${seg((o) => !o.solar)} | ${seg((o) => o.solar)} | ${seg((o) => o.battery === true)} | ${seg((o) => o.newMember)} | ${ratio('hard')} / ${ratio('little')} / ${ratio('precondition')} |`;
}
