/**
 * Candidate (issue 31): held points released in the share the season's cuts reach the target, measured on
 * the home-events a baselines run dumped with BENCH_OUTCOMES_FILE:
 *
 *   npx tsx bench/release-share.ts /tmp/n31.json [/tmp/n7.json …]
 *
 * The season test proves that a member cuts, not that the member cuts as much as the target, and a held
 * event is held because its cut is within its baseline's noise: its measured percent, read off a curve
 * with a step at the target, says little about whether it reached the target. The candidates release a
 * held event's points × min(1, share), share = Σ saving ÷ Σ (target × baseline) over the season's counted
 * events at the release ("season"), or that share with the held events' own savings only ("held").
 */

import { pointsHeldUntilProven, type ProofEventInput } from '../packages/domain/src/event-points-proof';
import { paidPoints, type Outcome } from './lib/baseline-scoring';
import { candidateRow, DECISION_147, decision147Inputs, seasons, type Payout } from './lib/held-points-report';
import { isGaming, readOutcomeDump } from './lib/outcome-dump';

const TARGET = 0.1;

type Variant = 'as settled' | 'season' | 'held' | 'season, at once too';

function payout(outcomes: readonly Outcome[], variant: Variant): Payout {
  const method = DECISION_147.baseline!;
  const out: Payout = new Map();
  for (const season of seasons(outcomes)) {
    const inputs = decision147Inputs(season, (o) => paidPoints(o, method));
    const counted = (e: ProofEventInput) => Number.isFinite(e.baselineKwh) && e.baselineKwh > 0 && Number.isFinite(e.actualKwh);
    const results = pointsHeldUntilProven(inputs);
    const shareUpTo = (last: number, pick: (i: number) => boolean) => {
      let saved = 0;
      let asked = 0;
      for (let i = 0; i <= last; i++) {
        const e = inputs[i]!;
        if (!counted(e) || !pick(i)) continue;
        saved += e.baselineKwh - e.actualKwh;
        asked += TARGET * e.baselineKwh;
      }
      return asked > 0 ? Math.max(0, Math.min(1, saved / asked)) : 1;
    };
    season.forEach((o, i) => {
      const r = results[i]!;
      let points = r.status === 'paid_at_once' || r.status === 'released' ? r.points : 0;
      if (variant !== 'as settled' && r.status === 'released') {
        const share = variant === 'held' ? shareUpTo(r.releasedAt!, (k) => results[k]!.status === 'released') : shareUpTo(r.releasedAt!, () => true);
        points = Math.floor(points * share);
      }
      if (variant === 'season, at once too' && r.status === 'paid_at_once') points = Math.floor(points * shareUpTo(i, () => true));
      out.set(o, { points, way: r.status === 'paid_at_once' ? 'at_once' : r.status === 'released' ? 'released' : r.status === 'held' ? 'never' : 'none' });
    });
  }
  return out;
}

for (const file of process.argv.slice(2)) {
  const dump = readOutcomeDump(file);
  const real = dump.outcomes.filter((o) => !o.placebo && !isGaming(o));
  const placebos = dump.outcomes.filter((o) => o.placebo && !isGaming(o));
  const lines = [`Seed ${dump.seed}: ${real.length} home-events, ${placebos.length} placebo.`, '', '| Release | Population: bias, within, placebo | No solar | Solar | Battery | New members | hard / little / precondition: paid ÷ earned |', '|---|---|---|---|---|---|---|'];
  for (const variant of ['as settled', 'season', 'held', 'season, at once too'] as const) {
    const p = payout(real, variant);
    const pp = payout(placebos, variant);
    lines.push(candidateRow(variant, real, placebos, p, pp));
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}
