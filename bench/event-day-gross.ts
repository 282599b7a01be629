/**
 * Decision 144 left a solar home with no past day unscored (its event-day window is midday, its grid draw near zero).
 * The candidate scores one without a battery on the same window read on gross load, less the event's production
 * (COMPARISON_EVENT_DAY_GROSS in bench/lib/baseline-candidates.ts). Measured on the home-events a baselines run dumped
 * with BENCH_OUTCOMES_FILE, against decision 147's rule as settled, both with decision 148's least cut:
 *
 *   npx tsx bench/event-day-gross.ts /tmp/n31.json [/tmp/n7.json …]
 */

import { trueKwh, type Outcome } from './lib/baseline-scoring';
import { DECISION_147, EVENT_DAY_GROSS_RULE, figures, heldPayout, type HeldRule } from './lib/held-points-report';
import { isGaming, readOutcomeDump } from './lib/outcome-dump';

const signed = (x: number) => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${x.toFixed(1)} %` : '–');

for (const file of process.argv.slice(2)) {
  const dump = readOutcomeDump(file);
  const real = dump.outcomes.filter((o) => !o.placebo && !isGaming(o));
  const placebos = dump.outcomes.filter((o) => o.placebo && !isGaming(o));
  const gamed = dump.outcomes.filter((o) => !o.placebo && isGaming(o));
  const unscoredBefore = (o: Outcome) => o.newMember && !Number.isFinite(o.baseline.get(DECISION_147.baseline!) ?? Number.NaN);
  const branch = real.filter((o) => unscoredBefore(o) && Number.isFinite(o.baseline.get(EVENT_DAY_GROSS_RULE.baseline!) ?? Number.NaN));
  const cut = branch.reduce((s, o) => s + trueKwh(o), 0);
  const error = branch.reduce((s, o) => s + (o.baseline.get(EVENT_DAY_GROSS_RULE.baseline!)! - o.counterfactualKwh), 0);
  const lines = [
    `Seed ${dump.seed}: ${real.filter(unscoredBefore).length} new members' home-events unscored under decision 147, ${branch.length} of them scored on gross load; their baselines' error Σ (baseline − counterfactual) ${error.toFixed(2)} kWh, ${signed((error / cut) * 100)} of their true cut ${cut.toFixed(2)} kWh.`,
    '',
    '| Rule | Population: bias, within, placebo | Solar homes | New members: bias, within | New members with solar | Gaming homes: bias |',
    '|---|---|---|---|---|---|',
  ];
  for (const rule of [DECISION_147, EVENT_DAY_GROSS_RULE] as HeldRule[]) {
    const payout = heldPayout([...real, ...placebos, ...gamed], rule.baseline!, rule);
    const all = figures(real, payout);
    const seg = (pick: (o: Outcome) => boolean) => figures(real.filter(pick), payout);
    const news = seg((o) => o.newMember);
    const gamedFigures = figures(gamed, payout);
    lines.push(
      `| ${rule.label} | ${signed(all.biasPercent)}, ${(all.within * 100).toFixed(0)} %, ${(figures(placebos, payout).paid * 100).toFixed(1)} % | ${signed(seg((o) => o.solar).biasPercent)} | ${signed(news.biasPercent)}, ${(news.within * 100).toFixed(0)} % | ${signed(seg((o) => o.newMember && o.solar).biasPercent)} | ${signed(gamedFigures.biasPercent)} |`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}
