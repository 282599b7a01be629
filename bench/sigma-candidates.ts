/**
 * Which σ a noise rule should divide a saving by (issue 31, after decisions 102, 111 and 133): each
 * candidate in NOISE_CANDIDATES (baseline-candidates.ts) under the confidence and noise-band rules at
 * 1.645 and 2, on decision 133's "combined" baseline, from the home-events baselines runs wrote:
 *
 *   BENCH_SEED=31 BENCH_HOMES=400 BENCH_OUTCOMES_FILE=/tmp/o31.json npm run baselines -w @peakwise/bench
 *   npx tsx bench/sigma-candidates.ts /tmp/o31.json /tmp/o7.json /tmp/o101.json
 *
 * The judge is the harness's: what the true cut earns under the same rule with the same σ. "Hard
 * cutters paid" is the population's version of the demo household's question: the share of real
 * events at homes that cut hard (plugs off, 30 % trimmed) paid anything at all.
 */

import { describeRule, type PointsRule } from '../packages/domain/src/event-points-rule';
import { COMBINED, NOISE_CANDIDATES } from './lib/baseline-candidates';
import { rulePaid, rulePlaceboPaidShare, scoreRule, SEGMENTS, type Outcome } from './lib/baseline-scoring';
import { findMethod, isGaming, readOutcomeDump } from './lib/outcome-dump';

const FALLBACK = 0.25;
export const SIGMA_RULES: readonly PointsRule[] = [
  { kind: 'target', targetPercent: 10 },
  { kind: 'confidence', targetPercent: 10, z: 1.645, fallbackShare: FALLBACK },
  { kind: 'confidence', targetPercent: 10, z: 2, fallbackShare: FALLBACK },
  { kind: 'noise_band', targetPercent: 10, k: 1.645, fallbackShare: FALLBACK },
  { kind: 'noise_band', targetPercent: 10, k: 2, fallbackShare: FALLBACK },
  { kind: 'noise_band', targetPercent: 5, k: 1.645, fallbackShare: FALLBACK },
  { kind: 'noise_band', targetPercent: 5, k: 2, fallbackShare: FALLBACK },
];

const SHOWN_SEGMENTS = ['all', 'solar', 'solar, no battery', 'battery'];

const files = process.argv.slice(2);
if (files.length === 0) throw new Error('usage: sigma-candidates.ts <outcomes.json> …');

const signed = (x: number) => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${x.toFixed(1)} %` : '–');
const pct = (x: number, digits = 0) => (Number.isFinite(x) ? `${(x * 100).toFixed(digits)} %` : '–');

type Cell = { bias: number; within: number; placebo: number; paid: number; earned: number; hardPaid: number };
type Key = string;
const summary = new Map<Key, Map<number, Map<string, Cell>>>();

const out: string[] = [];
for (const file of files) {
  const dump = readOutcomeDump(file);
  const method = findMethod(dump, `${COMBINED}; new members by comparison group ×`);
  // A run without BENCH_NOISE_CANDIDATES=1 keeps only the settled rule's σ candidates.
  const withNoise = dump.outcomes.filter((o) => {
    const noise = o.noise;
    return noise !== undefined && NOISE_CANDIDATES.every(({ name }) => name in noise);
  });
  if (withNoise.length !== dump.outcomes.length) throw new Error(`${file}: home-events without every noise candidate (a dump made without BENCH_NOISE_CANDIDATES=1)`);
  const events = dump.outcomes.filter((o) => !o.placebo && !isGaming(o));
  const placebos = dump.outcomes.filter((o) => o.placebo && !isGaming(o));
  out.push(`Seed ${dump.seed}, ${dump.homeCount} homes, on ${dump.quantity}, baseline: ${method} (${events.length} home-events, ${placebos.length} placebo).`);
  out.push('');
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length === 0 ? Number.NaN : s[Math.floor(s.length / 2)]!;
  };
  out.push('| σ candidate | Median σ (kWh), events | Median σ ÷ raw σ | Unknown (25 % of the baseline stands in) |');
  out.push('|---|---|---|---|');
  for (const { name } of NOISE_CANDIDATES) {
    const values = events.map((o) => o.noise![name] ?? null);
    const ratios = events.filter((o) => o.noise![name] != null && o.noiseKwh != null && o.noiseKwh > 0).map((o) => o.noise![name]! / o.noiseKwh!);
    out.push(`| ${name} | ${median(values.filter((v): v is number => v !== null)).toFixed(3)} | ${median(ratios).toFixed(2)} | ${pct(values.filter((v) => v === null).length / values.length, 1)} |`);
  }
  out.push('');
  out.push(`| σ candidate | Points rule | ${SHOWN_SEGMENTS.map((s) => `${s}: points bias / within ±20 % / placebo paid`).join(' | ')} | Mean paid / earned (all) | Hard cutters paid anything |`);
  out.push(`|---|---|${SHOWN_SEGMENTS.map(() => '---').join('|')}|---|---|`);
  for (const { name } of NOISE_CANDIDATES) {
    const as = (xs: readonly Outcome[]) => xs.map((o) => ({ ...o, noiseKwh: o.noise![name] ?? null }));
    const ev = as(events);
    const pl = as(placebos);
    for (const rule of SIGMA_RULES) {
      // Today's rule reads no σ: shown once, under the first candidate.
      if (rule.kind === 'target' && name !== NOISE_CANDIDATES[0]!.name) continue;
      const cells = new Map<string, Cell>();
      for (const segment of SEGMENTS.filter((s) => SHOWN_SEGMENTS.includes(s.name))) {
        const e = ev.filter(segment.includes);
        const p = pl.filter(segment.includes);
        const s = scoreRule(e, method, rule);
        const hard = e.filter((o) => o.behaviour === 'hard');
        cells.set(segment.name, {
          bias: s.pointsBiasPercent,
          within: s.withinShare,
          placebo: rulePlaceboPaidShare(p, method, rule),
          paid: s.pointsPaid,
          earned: s.pointsTrue,
          hardPaid: hard.filter((o) => rulePaid(o, method, rule) > 0).length / hard.length,
        });
      }
      const all = cells.get('all')!;
      const row = SHOWN_SEGMENTS.map((s) => {
        const c = cells.get(s)!;
        return `${signed(c.bias)} / ${pct(c.within)} / ${pct(c.placebo, 1)}`;
      });
      const label = rule.kind === 'target' ? '(none)' : name;
      out.push(`| ${label} | ${describeRule(rule)} | ${row.join(' | ')} | ${all.paid.toFixed(0)} / ${all.earned.toFixed(0)} | ${pct(all.hardPaid)} |`);
      const key = `${label}|${describeRule(rule)}`;
      if (!summary.has(key)) summary.set(key, new Map());
      summary.get(key)!.set(dump.seed, cells);
    }
  }
  out.push('');
}

if (files.length > 1) {
  const seeds = [...new Set([...summary.values()].flatMap((m) => [...m.keys()]))];
  out.push(`Across seeds ${seeds.join(' / ')} (population): points bias; within ±20 %; placebo paid; hard cutters paid anything; distance to the three targets summed over the seeds (pp).`);
  out.push('');
  out.push('| σ candidate | Points rule | Points bias | Within ±20 % | Placebo paid | Hard cutters paid | Distance (pp) | Solar: bias / placebo | Battery: bias / placebo |');
  out.push('|---|---|---|---|---|---|---|---|---|');
  const rows = [...summary.entries()].map(([key, bySeed]) => {
    const [label, rule] = key.split('|');
    const cells = seeds.map((s) => bySeed.get(s)!);
    const distance = cells.reduce((d, m) => {
      const c = m.get('all')!;
      return d + Math.max(0, Math.abs(c.bias) - 2) + Math.max(0, 80 - c.within * 100) + Math.max(0, c.placebo * 100 - 5);
    }, 0);
    return { label: label!, rule: rule!, cells, distance };
  });
  rows.sort((a, b) => a.distance - b.distance);
  const join = (cells: Map<string, Cell>[], segment: string, f: (c: Cell) => string) => cells.map((m) => f(m.get(segment)!)).join(' / ');
  for (const r of rows) {
    out.push(
      `| ${r.label} | ${r.rule} | ${join(r.cells, 'all', (c) => signed(c.bias))} | ${join(r.cells, 'all', (c) => pct(c.within))} | ${join(r.cells, 'all', (c) => pct(c.placebo, 1))} | ${join(r.cells, 'all', (c) => pct(c.hardPaid))} | ${r.distance.toFixed(1)} | ${join(r.cells, 'solar', (c) => signed(c.bias))}; ${join(r.cells, 'solar', (c) => pct(c.placebo, 1))} | ${join(r.cells, 'battery', (c) => signed(c.bias))}; ${join(r.cells, 'battery', (c) => pct(c.placebo, 1))} |`,
    );
  }
}
process.stdout.write(`${out.join('\n')}\n`);
