/**
 * Scores the points rules again on the home-events a baselines run wrote with BENCH_OUTCOMES_FILE
 * (docs/decisions/102-points-rule-by-measurement.md), without simulating the population again:
 *
 *   BENCH_SEED=31 BENCH_OUTCOMES_FILE=/tmp/o31.json npm run baselines -w @peakwise/bench
 *   npx tsx bench/points-rules-replay.ts /tmp/o31.json [/tmp/o7.json …]
 */

import { readFileSync } from 'node:fs';
import type { Outcome } from './lib/baseline-scoring';
import { ruleReport } from './lib/points-rule-report';

type Dump = { seed: number; homeCount: number; methods: string[]; outcomes: (Omit<Outcome, 'baseline'> & { baseline: [string, number | null][] })[] };

const gaming = (o: Outcome) => o.behaviour === 'game_before' || o.behaviour === 'game_days';
for (const file of process.argv.slice(2)) {
  const dump = JSON.parse(readFileSync(file, 'utf8')) as Dump;
  const outcomes: Outcome[] = dump.outcomes.map((o) => ({ ...o, baseline: new Map(o.baseline) }));
  const events = outcomes.filter((o) => !o.placebo && !gaming(o));
  const placebos = outcomes.filter((o) => o.placebo && !gaming(o));
  const gamed = outcomes.filter((o) => !o.placebo && gaming(o));
  const shown = [dump.methods[0]!, dump.methods.find((m) => m.startsWith('mean of'))!];
  const { lines } = ruleReport(events, placebos, gamed, dump.methods, shown);
  process.stdout.write(`Seed ${dump.seed}, ${dump.homeCount} homes: ${events.length} home-events, ${placebos.length} placebo.\n\n${lines.join('\n')}\n\n`);
}
