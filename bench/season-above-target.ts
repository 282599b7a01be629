/**
 * Points held until proven with the season test asking for cuts above the target, not above zero (issue
 * 31), measured on the home-events a baselines run dumped with BENCH_OUTCOMES_FILE:
 *
 *   npx tsx bench/season-above-target.ts /tmp/n31.json [/tmp/n7.json …]
 *
 * Decision 139's season test releases a member's held events once Σ saving ÷ √Σ σ² clears its
 * boundary: it proves that the member cuts, not that the member cuts as much as the target. A member
 * who cuts 5–10 % every time is proven, and every held event whose baseline read 10 % or more is then
 * paid in full, though its true cut earns nothing. The candidate tests Σ (saving − target × baseline)
 * instead, in the season test only ("season") or in the at-once test as well ("both"). Each row is
 * judged as the harness judges decision 147 with 148's least cut.
 */

import { pointsHeldUntilProven } from '../packages/domain/src/event-points-proof';
import { paidPoints, type Outcome } from './lib/baseline-scoring';
import { candidateRow, DECISION_147, decision147Inputs, seasons, type Payout } from './lib/held-points-report';
import { isGaming, readOutcomeDump } from './lib/outcome-dump';

const TARGET = 0.1;

type Variant = 'as settled' | 'season' | 'both';

function payout(outcomes: readonly Outcome[], variant: Variant): Payout {
  const method = DECISION_147.baseline!;
  const out: Payout = new Map();
  for (const season of seasons(outcomes)) {
    const inputs = decision147Inputs(season, (o) => paidPoints(o, method));
    // "both": the actual moved up by the target's share, so every test reads the saving beyond the target.
    const shifted = inputs.map((e) => ({ ...e, actualKwh: e.actualKwh + TARGET * e.baselineKwh }));
    const atOnce = pointsHeldUntilProven(variant === 'as settled' ? inputs : shifted);
    // "season": the at-once test on the whole saving, the season test on the saving beyond the target.
    const plain = variant === 'season' ? pointsHeldUntilProven(inputs) : atOnce;
    season.forEach((o, i) => {
      const mine = variant === 'season' ? (plain[i]!.status === 'paid_at_once' ? plain[i]! : atOnce[i]!.status === 'released' ? atOnce[i]! : { ...plain[i]!, status: plain[i]!.status === 'none' ? 'none' : 'held' }) : atOnce[i]!;
      const points = mine.status === 'paid_at_once' || mine.status === 'released' ? inputs[i]!.targetPoints : 0;
      out.set(o, { points, way: mine.status === 'paid_at_once' ? 'at_once' : mine.status === 'released' ? 'released' : mine.status === 'held' ? 'never' : 'none' });
    });
  }
  return out;
}

for (const file of process.argv.slice(2)) {
  const dump = readOutcomeDump(file);
  const real = dump.outcomes.filter((o) => !o.placebo && !isGaming(o));
  const placebos = dump.outcomes.filter((o) => o.placebo && !isGaming(o));
  const lines = [`Seed ${dump.seed}: ${real.length} home-events, ${placebos.length} placebo.`, '', '| Season test | Population: bias, within, placebo | No solar | Solar | Battery | New members | hard / little / precondition: paid ÷ earned |', '|---|---|---|---|---|---|---|'];
  for (const variant of ['as settled', 'season', 'both'] as const) {
    const p = payout(real, variant);
    const pp = payout(placebos, variant);
    lines.push(candidateRow(variant, real, placebos, p, pp));
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}
