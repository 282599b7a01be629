/**
 * Candidates (issue 31): the points curve without its step at the target, measured on the home-events a
 * baselines run dumped with BENCH_OUTCOMES_FILE:
 *
 *   npx tsx bench/curve-without-step.ts /tmp/n31.json [/tmp/n7.json …]
 *
 * Under decision 029's curve a cut just under the target earns nothing and one at it the whole reward,
 * so a baseline's noise over-pays homes that cut a little (5–10 %) whenever it reads them at 10 % or
 * more. Each candidate curve pays part of the reward below the target (from 5 % or 2.5 %, or from 0 in
 * proportion) and is judged against what the true cut earns under that same curve, with decision 148's
 * least cut and decision 147's held rule as settled.
 */

import { pointsHeldUntilProven } from '../packages/domain/src/event-points-proof';
import { paidPercent, rewardMultiplier, settle } from '../packages/domain/src/event-points';
import { intervalsOf, type Outcome } from './lib/baseline-scoring';
import { decision147Inputs, figures, seasons, type Payout } from './lib/held-points-report';
import { isGaming, readOutcomeDump } from './lib/outcome-dump';

const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)} %`;

/** The reward's multiplier at a cut of r % of the baseline. */
type Curve = (r: number) => number;
const TARGET = 10;
const REWARD = 100;
/** Decision 029's curve, as settled. */
const settled: Curve = (r) => rewardMultiplier(r, TARGET);
/** 0 at `from` %, rising in a line to 1× at the target, then as settled. */
const rampFrom = (from: number): Curve => (r) => (r < from ? 0 : r < TARGET ? (r - from) / (TARGET - from) : settled(r));
/** In proportion to the cut, at most 2×: no step anywhere. */
const proportional: Curve = (r) => (r <= 0 ? 0 : Math.min(2, r / TARGET));

function points(curve: Curve, baselineKwh: number, actualKwh: number, intervals: number): number {
  const percent = paidPercent(baselineKwh, actualKwh, intervals);
  return percent === null ? 0 : Math.floor(settle(REWARD * curve(percent)));
}

const earnsUnder = (curve: Curve) => (o: Outcome) => points(curve, o.counterfactualKwh, o.actualKwh, intervalsOf(o));

function payout(outcomes: readonly Outcome[], curve: Curve): Payout {
  const out: Payout = new Map();
  for (const season of seasons(outcomes)) {
    const inputs = decision147Inputs(season, (o, b) => (Number.isFinite(b) ? points(curve, b, o.scoredActualKwh, intervalsOf(o)) : 0));
    const r = pointsHeldUntilProven(inputs);
    season.forEach((o, i) => out.set(o, { points: r[i]!.points, way: r[i]!.status === 'paid_at_once' ? 'at_once' : r[i]!.status === 'released' ? 'released' : r[i]!.status === 'held' ? 'never' : 'none' }));
  }
  return out;
}

const CURVES: readonly (readonly [string, Curve])[] = [
  ['as settled (step at 10 %)', settled],
  ['0 at 5 %, rising to 1× at 10 %', rampFrom(5)],
  ['0 at 2.5 %, rising to 1× at 10 %', rampFrom(2.5)],
  ['r ÷ t to the target, then as settled', rampFrom(0)],
  ['r ÷ t, at most 2×', proportional],
];

for (const file of process.argv.slice(2)) {
  const dump = readOutcomeDump(file);
  const real = dump.outcomes.filter((o) => !o.placebo && !isGaming(o));
  const placebos = dump.outcomes.filter((o) => o.placebo && !isGaming(o));
  const gamed = dump.outcomes.filter((o) => !o.placebo && isGaming(o));
  console.log(`Seed ${dump.seed}\n\n| Curve | Population: bias, within, placebo | No solar | Solar | Battery | New members | hard / little: paid ÷ earned; none: mean paid | Gaming: paid ÷ earned |\n|---|---|---|---|---|---|---|---|`);
  for (const [name, curve] of CURVES) {
    const earns = earnsUnder(curve);
    const p = payout(real, curve);
    const pp = payout(placebos, curve);
    const pg = payout(gamed, curve);
    const all = figures(real, p, earns);
    const seg = (pick: (o: Outcome) => boolean) => signed(figures(real.filter(pick), p, earns).biasPercent);
    // Paid ÷ earned for a behaviour; a mean paid for one whose true cuts earn nothing.
    const ratio = (behaviour: string) => {
      const g = real.filter((o) => o.behaviour === behaviour);
      const earned = g.reduce((sum, o) => sum + earns(o), 0);
      const paid = g.reduce((sum, o) => sum + p.get(o)!.points, 0);
      return earned > 0 ? (paid / earned).toFixed(2) : `${(paid / g.length).toFixed(1)} points`;
    };
    const gamedPaid = gamed.reduce((sum, o) => sum + pg.get(o)!.points, 0);
    const gamedEarned = gamed.reduce((sum, o) => sum + earns(o), 0);
    console.log(`| ${name} | ${signed(all.biasPercent)}, ${(all.within * 100).toFixed(0)} %, ${(figures(placebos, pp, earns).paid * 100).toFixed(1)} % | ${seg((o) => !o.solar)} | ${seg((o) => o.solar)} | ${seg((o) => o.battery === true)} | ${seg((o) => o.newMember)} | ${ratio('hard')} / ${ratio('little')}; ${ratio('none')} | ${(gamedPaid / gamedEarned).toFixed(2)} |`);
  }
}
