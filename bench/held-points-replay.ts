/**
 * Points held until proven (lib/held-points-report.ts) scored again on the home-events a baselines
 * run wrote with BENCH_OUTCOMES_FILE, without simulating the population again:
 *
 *   BENCH_SEED=31 BENCH_OUTCOMES_FILE=/tmp/o31.json npm run baselines -w @peakwise/bench
 *   npx tsx bench/held-points-replay.ts /tmp/o31.json [/tmp/o7.json …]
 */

import { COMBINED } from './lib/baseline-candidates';
import { heldReport } from './lib/held-points-report';
import { isGaming, readOutcomeDump } from './lib/outcome-dump';

for (const file of process.argv.slice(2)) {
  const dump = readOutcomeDump(file);
  const events = dump.outcomes.filter((o) => !o.placebo && !isGaming(o));
  const placebos = dump.outcomes.filter((o) => o.placebo && !isGaming(o));
  const gamed = dump.outcomes.filter((o) => !o.placebo && isGaming(o));
  const method = `${COMBINED}; new members by comparison group ×`;
  if (!dump.methods.includes(method)) throw new Error(`${file} has no "${method}"`);
  process.stdout.write(`Seed ${dump.seed}, ${dump.homeCount} homes on ${dump.quantity}: ${events.length} home-events, ${placebos.length} placebo.\n\n${heldReport(events, placebos, gamed, method).join('\n')}\n\n`);
}
