/**
 * A floor on the cut in kWh beside the target's percentage (issue 31), measured on the home-events a
 * baselines run dumped with BENCH_OUTCOMES_FILE:
 *
 *   npx tsx bench/cut-floor-gap.ts /tmp/m31.json [/tmp/m7.json …]
 *
 * The curve pays a share of the baseline, so a home whose grid draw over the event is a few
 * watt-hours (a battery covering the evening, panels on a summer afternoon) earns the full reward
 * for cutting those few watt-hours, which no baseline can see and which the grid never feels. Each
 * row pays nothing below a cut of F kWh over the event, on both sides of the judge: what the true
 * cut earns (counterfactual less actual) and what settlement pays (decision 147's baseline less the
 * actual). It reports the segments' bias against that truth, and what the floor takes from each
 * segment's truth (the members it would cost: a small home's honest 10 % that falls under F).
 */

import { pointsFor, reductionPercent } from '../packages/domain/src/event-points';
import { type Outcome } from './lib/baseline-scoring';
import { canRun, DECISION_147, figures, heldPayout } from './lib/held-points-report';
import { isGaming, readOutcomeDump } from './lib/outcome-dump';

/** kWh over the harness's 2-hour events; decision 148's is 0.1 (0.05 kWh an hour). */
const FLOORS = [0, 0.05, 0.1, 0.15, 0.2, 0.3];

/** The curve on a cut of at least `floor` kWh, worked out here so that 0 is the rule before decision 148. */
const pointsAt = (floor: number, baselineKwh: number, actualKwh: number) => (baselineKwh - actualKwh >= floor - 1e-6 ? pointsFor(reductionPercent(baselineKwh, actualKwh)) : 0);

const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}`;

type Segment = [string, (o: Outcome) => boolean];
const SEGMENTS: Segment[] = [
  ['all', () => true],
  ['solar', (o) => o.solar],
  ['solar, no battery, summer', (o) => o.solar && o.battery !== true && o.season === 'summer'],
  ['battery with panels', (o) => o.solar && o.battery === true],
  ['battery', (o) => o.battery === true],
  ['new members', (o) => o.newMember],
  ['no solar', (o) => !o.solar],
];

for (const file of process.argv.slice(2)) {
  const dump = readOutcomeDump(file);
  if (!canRun(dump.outcomes, DECISION_147)) throw new Error(`${file} lacks decision 147's baseline or σ: run the baselines harness again with BENCH_OUTCOMES_FILE`);
  const real = dump.outcomes.filter((o) => !o.placebo && !isGaming(o));
  const placebos = dump.outcomes.filter((o) => o.placebo && !isGaming(o));
  const gamed = dump.outcomes.filter((o) => !o.placebo && isGaming(o));
  const out = [`Seed ${dump.seed}, ${dump.homeCount} homes: ${real.length} home-events, ${placebos.length} placebo, ${gamed.length} gaming.`, ''];
  out.push(`| Floor (kWh a 2-hour event) | ${SEGMENTS.map(([name, pick]) => `${name} (${real.filter(pick).length})`).join(' | ')} | within ±20 % | placebo paid | gaming paid / earns |`);
  out.push(`|---|${SEGMENTS.map(() => '---').join('|')}|---|---|---|`);
  for (const floor of FLOORS) {
    const earns = (o: Outcome) => pointsAt(floor, o.counterfactualKwh, o.actualKwh);
    const pays = (o: Outcome, method: string) => {
      const b = o.baseline.get(method);
      return b == null ? 0 : pointsAt(floor, b, o.scoredActualKwh);
    };
    const method = DECISION_147.baseline!;
    const payout = heldPayout([...real, ...placebos, ...gamed], method, DECISION_147, pays);
    const cells = SEGMENTS.map(([, pick]) => {
      const group = real.filter(pick);
      const kept = group.reduce((s, o) => s + earns(o), 0) / group.reduce((s, o) => s + pointsAt(0, o.counterfactualKwh, o.actualKwh), 0);
      return `${signed(figures(group, payout, earns).biasPercent)} % (keeps ${(kept * 100).toFixed(0)} %)`;
    });
    const all = figures(real, payout, earns);
    const gamedPaid = gamed.reduce((s, o) => s + payout.get(o)!.points, 0);
    const gamedEarns = gamed.reduce((s, o) => s + earns(o), 0);
    out.push(`| ${floor} | ${cells.join(' | ')} | ${(all.within * 100).toFixed(1)} % | ${(figures(placebos, payout, earns).paid * 100).toFixed(1)} % | ${gamedPaid} / ${gamedEarns} |`);
  }
  process.stdout.write(`${out.join('\n')}\n\n`);
}
