/**
 * How the harness judges a baseline against ground truth (docs/decisions/096-event-baseline-by-measurement.md).
 * Per home and event: the estimated reduction is baseline − actual (0 when the method has no
 * baseline: the home is paid nothing), the true reduction is counterfactual − actual, and points
 * come from today's points rule on each.
 */

import { combinedBaseline } from '../../packages/domain/src/event-baseline-combined';
import type { MethodResult } from '../../packages/domain/src/event-baseline-methods';
import { paidPercent, pointsFor, reductionPercent } from '../../packages/domain/src/event-points';
import { pointsUnderRule, type PointsRule } from '../../packages/domain/src/event-points-rule';
import type { Behaviour, Heating } from './baseline-population';

export type Outcome = {
  homeIndex: number;
  placebo: boolean;
  behaviour: Behaviour;
  heating: Heating;
  solar: boolean;
  ev: boolean;
  /** Has a home battery (with or without panels). */
  battery?: boolean;
  season: string;
  /** The area's city and the event's local start hour (absent in dumps from before decision 133). */
  city?: string;
  eventHour?: number;
  /** The event's 5-minute intervals (absent in dumps from before decision 148: 24). */
  eventIntervals?: number;
  /** Event-day temperature over the event's hours less the mean over decision 101's baseline days, °C (null: no own baseline). */
  temperatureGapC?: number | null;
  /** Fewer than 5 weekdays of readings before the event. */
  newMember: boolean;
  /** kWh over the event on the quantity the program pays for, as it happened and without the event. */
  actualKwh: number;
  counterfactualKwh: number;
  /** kWh over the event on the quantity baselines were read on (decision 112: the same, unless scored on consumption). */
  scoredActualKwh: number;
  /** Extra kWh the home ran over the season to game its baseline. */
  gamingKwh: number;
  /** Standard deviation of the home's kWh over the event's clock times on its baseline days (null: too few). */
  noiseKwh: number | null;
  /** Candidates for that σ by name (NOISE_CANDIDATES in baseline-candidates.ts; absent in older dumps). */
  noise?: Record<string, number | null>;
  /** How many days each of those σ was read from (absent in dumps from before decision 141). */
  noiseDays?: Record<string, number>;
  /** Per method: the baseline kWh, or null for none. */
  baseline: Map<string, number | null>;
};

export type Segment = { name: string; includes: (o: Outcome) => boolean };

export const SEGMENTS: readonly Segment[] = [
  { name: 'all', includes: () => true },
  { name: 'solar', includes: (o) => o.solar },
  { name: 'no solar', includes: (o) => !o.solar },
  { name: 'battery', includes: (o) => o.battery === true },
  { name: 'solar, no battery', includes: (o) => o.solar && o.battery !== true },
  { name: 'electric heat', includes: (o) => o.heating !== 'gas' },
  { name: 'gas heat', includes: (o) => o.heating === 'gas' },
  { name: 'EV', includes: (o) => o.ev },
  { name: 'new (< 5 weekdays)', includes: (o) => o.newMember },
  { name: 'winter', includes: (o) => o.season === 'winter' },
  { name: 'summer', includes: (o) => o.season === 'summer' },
];

export type Score = {
  n: number;
  /** Σ(estimated − true) ÷ Σ true, %. */
  biasPercent: number;
  /** The same over the home-events the method has a baseline for (no unpaid new members pulling it down). */
  coveredBiasPercent: number;
  maeKwh: number;
  /** Share whose points are within ±20 % of what the true reduction earns (exactly 0 when that is 0). */
  withinShare: number;
  /** Share with a baseline at all. */
  coverage: number;
  pointsPaid: number;
  pointsTrue: number;
};

/** The true reduction: kWh over the event without it less as it happened, on the quantity paid for. */
export function trueKwh(o: Outcome): number {
  return o.counterfactualKwh - o.actualKwh;
}

/** The reduction a method estimates: its baseline less the actual on the quantity it reads (0 without a baseline: paid nothing). */
export function estimatedKwh(o: Outcome, method: string): number {
  const b = o.baseline.get(method) ?? null;
  return b === null ? 0 : b - o.scoredActualKwh;
}

/** The event's 5-minute intervals: dumps from before decision 148 do not say, and every harness event was 2 hours. */
export const intervalsOf = (o: Outcome) => o.eventIntervals ?? 24;

/** What the true cut earns under the curve with decision 148's least cut. */
export function truePoints(o: Outcome): number {
  return pointsFor(paidPercent(o.counterfactualKwh, o.actualKwh, intervalsOf(o)));
}

export function paidPoints(o: Outcome, method: string): number {
  const b = o.baseline.get(method);
  return b === null || b === undefined ? 0 : pointsFor(paidPercent(b, o.scoredActualKwh, intervalsOf(o)));
}

/** Behaviours whose payouts the reports list: gaming and pre-conditioning homes, then the honest ones. */
const PAYOUT_BEHAVIOURS = ['game_before', 'game_days', 'precondition', 'hard', 'little', 'none'] as const;

/**
 * A table's rows, one a behaviour: its home-events, the mean points its true cut earns, and the
 * mean points each method pays it (whole points).
 */
export function behaviourPayoutRows(outcomes: readonly Outcome[], methods: readonly string[]): string[] {
  const rows: string[] = [];
  for (const behaviour of PAYOUT_BEHAVIOURS) {
    const group = outcomes.filter((o) => o.behaviour === behaviour);
    if (group.length === 0) continue;
    const mean = (f: (o: Outcome) => number) => (group.reduce((s, o) => s + f(o), 0) / group.length).toFixed(0);
    rows.push(`| ${behaviour} (${group.length}) | ${mean(truePoints)} | ${methods.map((m) => mean((o) => paidPoints(o, m))).join(' | ')} |`);
  }
  return rows;
}

export function score(outcomes: readonly Outcome[], method: string): Score {
  let err = 0;
  let trueSum = 0;
  let coveredErr = 0;
  let coveredTrue = 0;
  let abs = 0;
  let within = 0;
  let covered = 0;
  let paid = 0;
  let earned = 0;
  for (const o of outcomes) {
    const b = o.baseline.get(method) ?? null;
    const truth = trueKwh(o);
    const estimate = estimatedKwh(o, method);
    if (b !== null) {
      covered++;
      coveredErr += estimate - truth;
      coveredTrue += truth;
    }
    err += estimate - truth;
    abs += Math.abs(estimate - truth);
    trueSum += truth;
    const p = paidPoints(o, method);
    const t = truePoints(o);
    if (Math.abs(p - t) <= 0.2 * t) within++;
    paid += p;
    earned += t;
  }
  const n = outcomes.length;
  return { n, biasPercent: (err / trueSum) * 100, coveredBiasPercent: (coveredErr / coveredTrue) * 100, maeKwh: abs / n, withinShare: within / n, coverage: covered / n, pointsPaid: paid / n, pointsTrue: earned / n };
}

/** Share of homes paid anything on a day nobody was asked to cut. */
export function placeboPaidShare(outcomes: readonly Outcome[], method: string): number {
  let paid = 0;
  for (const o of outcomes) if (paidPoints(o, method) > 0) paid++;
  return outcomes.length === 0 ? Number.NaN : paid / outcomes.length;
}

/**
 * The target (% below baseline) at which no more than `share` of homes would be paid on placebo
 * days: the (1 − share) quantile of the reduction the method estimates when nobody cut.
 */
export function placeboTargetFor(outcomes: readonly Outcome[], method: string, share = 0.05): number {
  const cuts = outcomes.map((o) => {
    const b = o.baseline.get(method);
    return b === null || b === undefined ? Number.NEGATIVE_INFINITY : (reductionPercent(b, o.scoredActualKwh) ?? Number.NEGATIVE_INFINITY);
  });
  cuts.sort((a, b) => a - b);
  return cuts[Math.min(cuts.length - 1, Math.ceil((1 - share) * cuts.length))] ?? Number.NaN;
}

/** The chosen combination of two candidates (combinedBaseline: their mean, or the one that has one). */
export function meanOf(outcomes: readonly Outcome[], a: string, b: string, name: string) {
  const result = (kwh: number | null | undefined): MethodResult => (kwh === null || kwh === undefined ? { ok: false, reason: 'insufficient_history', days: [] } : { ok: true, kwh, days: [] });
  for (const o of outcomes) {
    const combined = combinedBaseline(result(o.baseline.get(a)), result(o.baseline.get(b)));
    o.baseline.set(name, combined.ok ? combined.kwh : null);
  }
}

/** The candidate named, or where no baseline exists, the fallback's (a new member's comparison group). */
export function withFallback(outcomes: readonly Outcome[], method: string, fallback: string, name: string) {
  for (const o of outcomes) o.baseline.set(name, o.baseline.get(method) ?? o.baseline.get(fallback) ?? null);
}

export type RuleScore = {
  /** Σ(points paid − points the true reduction earns) ÷ Σ points it earns, %. */
  pointsBiasPercent: number;
  /** Share whose points are within ±20 % of what the true reduction earns under the same rule. */
  withinShare: number;
  /** Mean points paid and earned per home-event. */
  pointsPaid: number;
  pointsTrue: number;
};

/** Points paid under a rule with the method's baseline (0 without one). */
export function rulePaid(o: Outcome, method: string, rule: PointsRule): number {
  const b = o.baseline.get(method);
  return b === null || b === undefined ? 0 : pointsUnderRule(rule, { baselineKwh: b, actualKwh: o.scoredActualKwh, noiseKwh: o.noiseKwh });
}

/** What the true reduction earns under the rule: the counterfactual as the baseline, the same home noise. */
export function ruleTrue(o: Outcome, rule: PointsRule): number {
  return pointsUnderRule(rule, { baselineKwh: o.counterfactualKwh, actualKwh: o.actualKwh, noiseKwh: o.noiseKwh });
}

export function scoreRule(outcomes: readonly Outcome[], method: string, rule: PointsRule): RuleScore {
  let paid = 0;
  let earned = 0;
  let within = 0;
  for (const o of outcomes) {
    const p = rulePaid(o, method, rule);
    const t = ruleTrue(o, rule);
    if (Math.abs(p - t) <= 0.2 * t) within++;
    paid += p;
    earned += t;
  }
  const n = outcomes.length;
  return { pointsBiasPercent: ((paid - earned) / earned) * 100, withinShare: within / n, pointsPaid: paid / n, pointsTrue: earned / n };
}

export function rulePlaceboPaidShare(outcomes: readonly Outcome[], method: string, rule: PointsRule): number {
  let paid = 0;
  for (const o of outcomes) if (rulePaid(o, method, rule) > 0) paid++;
  return outcomes.length === 0 ? Number.NaN : paid / outcomes.length;
}
