/**
 * Points held until proven (lib/held-points-report.ts) scored again on the home-events a baselines
 * run wrote with BENCH_OUTCOMES_FILE, without simulating the population again:
 *
 *   BENCH_SEED=31 BENCH_OUTCOMES_FILE=/tmp/o31.json npm run baselines -w @peakwise/bench
 *   npx tsx bench/held-points-replay.ts /tmp/o31.json [/tmp/o7.json …]
 *   HELD_BASELINE="<an aimed method's name>" npx tsx bench/held-points-replay.ts /tmp/o31.json  # another baseline than combined
 *
 * Decision 141's row keeps its own baseline (combined on the expected draw) whatever HELD_BASELINE says.
 */

import { COMBINED } from './lib/baseline-candidates';
import { canRun, DECISION_141, heldReport } from './lib/held-points-report';
import { isGaming, readOutcomeDump } from './lib/outcome-dump';

for (const file of process.argv.slice(2)) {
  const dump = readOutcomeDump(file);
  const events = dump.outcomes.filter((o) => !o.placebo && !isGaming(o));
  const placebos = dump.outcomes.filter((o) => o.placebo && !isGaming(o));
  const gamed = dump.outcomes.filter((o) => !o.placebo && isGaming(o));
  const method = `${process.env.HELD_BASELINE ?? COMBINED}; new members by comparison group ×`;
  if (!dump.methods.includes(method)) throw new Error(`${file} has no "${method}"`);
  // Dumps from before decision 141 carry no σ day counts: its row is left out, and said so.
  if (!canRun(dump.outcomes, DECISION_141)) process.stderr.write(`${file}: no "${DECISION_141.label}" row (the dump carries no σ day counts; made before decision 141 or without BENCH_NOISE_CANDIDATES=1)\n`);
  process.stdout.write(`Seed ${dump.seed}, ${dump.homeCount} homes on ${dump.quantity}: ${events.length} home-events, ${placebos.length} placebo.\n\n${heldReport(events, placebos, gamed, method).join('\n')}\n\n`);
}
