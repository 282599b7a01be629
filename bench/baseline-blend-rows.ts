/**
 * The settled rule ("combined", decision 138) and the blends of bench/lib/baseline-blends.ts scored
 * from the home-events a baselines run wrote with BENCH_OUTCOMES_FILE, so a dump written before the
 * blends existed gives their rows without simulating again (the blends read only stored baselines):
 *
 *   npx tsx bench/baseline-blend-rows.ts /tmp/o31.json
 *
 * Per segment: kWh bias / points within ±20 % / placebo paid / MAE kWh, then the population's points
 * bias and the same figures under decision 102's σ rule (1.645 σ, measured, not wired).
 */

import { addBlends, COMBINED_SETTLED } from './lib/baseline-blends';
import { placeboPaidShare, rulePlaceboPaidShare, score, scoreRule, type Outcome } from './lib/baseline-scoring';
import { isGaming, readOutcomeDump } from './lib/outcome-dump';
import type { PointsRule } from '../packages/domain/src/event-points-rule';

const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: baseline-blend-rows.ts <outcomes.json>');
const dump = readOutcomeDump(file);
const methods = [COMBINED_SETTLED, ...addBlends(dump.outcomes)];
const events = dump.outcomes.filter((o) => !o.placebo && !isGaming(o));
const placebos = dump.outcomes.filter((o) => o.placebo && !isGaming(o));

const SEGMENTS: [string, (o: Outcome) => boolean][] = [
  ['all', () => true],
  ['neither solar nor battery', (o) => !o.solar && o.battery !== true],
  ['solar, no battery', (o) => o.solar && o.battery !== true],
  ['battery', (o) => o.battery === true],
  ['battery with solar', (o) => o.battery === true && o.solar],
  ['battery without solar', (o) => o.battery === true && !o.solar],
  ['winter', (o) => o.season === 'winter'],
  ['summer', (o) => o.season === 'summer'],
];
const TARGET: PointsRule = { kind: 'target', targetPercent: 10 };
const SIGMA: PointsRule = { kind: 'confidence', targetPercent: 10, z: 1.645, fallbackShare: 0.25 };
const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)} %`;
const pct = (x: number, digits = 0) => `${(x * 100).toFixed(digits)} %`;

const out: string[] = [`Seed ${dump.seed}, ${dump.homeCount} homes, on ${dump.quantity}: ${events.length} home-events, ${placebos.length} on placebo days (gaming homes apart).`, ''];
out.push(`| Method | ${SEGMENTS.map(([name, f]) => `${name} (${events.filter(f).length}, ${placebos.filter(f).length})`).join(' | ')} |`);
out.push(`|---|${SEGMENTS.map(() => '---').join('|')}|`);
for (const m of methods) {
  const cells = SEGMENTS.map(([, f]) => {
    const s = score(events.filter(f), m);
    return `${signed(s.biasPercent)} / ${pct(s.withinShare, 1)} / ${pct(placeboPaidShare(placebos.filter(f), m), 1)} / ${s.maeKwh.toFixed(3)}`;
  });
  out.push(`| ${m} | ${cells.join(' | ')} |`);
}
out.push('');
out.push('| Method | Points bias (target 10 %) | 1.645 σ rule: points bias / within ±20 % / placebo paid |');
out.push('|---|---|---|');
for (const m of methods) {
  const t = scoreRule(events, m, TARGET);
  const s = scoreRule(events, m, SIGMA);
  out.push(`| ${m} | ${signed(t.pointsBiasPercent)} | ${signed(s.pointsBiasPercent)} / ${pct(s.withinShare, 1)} / ${pct(rulePlaceboPaidShare(placebos, m, SIGMA), 1)} |`);
}
process.stdout.write(`${out.join('\n')}\n`);
