/**
 * One baseline under today's points rule and under decision 102's σ rule, for the population and
 * per segment, from the home-events a baselines run wrote with BENCH_OUTCOMES_FILE. Decision 102
 * measured the σ rule on 096's baseline; this asks the same of the one settlement runs (decision 101):
 *
 *   BENCH_SEED=31 BENCH_OUTCOMES_FILE=/tmp/o31.json npm run baselines -w @peakwise/bench
 *   npx tsx bench/points-rule-segments.ts /tmp/o31.json "decision 101 as settled (…)"
 */

import { readFileSync } from 'node:fs';
import { describeRule, type PointsRule } from '../packages/domain/src/event-points-rule';
import { rulePaid, rulePlaceboPaidShare, ruleTrue, scoreRule, SEGMENTS, type Outcome } from './lib/baseline-scoring';

type Dump = { seed: number; homeCount: number; quantity?: string; methods: string[]; outcomes: (Omit<Outcome, 'baseline'> & { baseline: [string, number | null][] })[] };

const RULES: readonly PointsRule[] = [
  { kind: 'target', targetPercent: 10 },
  { kind: 'confidence', targetPercent: 10, z: 1.645, fallbackShare: 0.25 },
];

const [file, wanted] = process.argv.slice(2);
if (!file || !wanted) throw new Error('usage: points-rule-segments.ts <outcomes.json> <method name or its start>');
const dump = JSON.parse(readFileSync(file, 'utf8')) as Dump;
const method = dump.methods.find((m) => m === wanted) ?? dump.methods.find((m) => m.startsWith(wanted));
if (!method) throw new Error(`No method "${wanted}" in ${file}: ${dump.methods.join('; ')}`);
// Dumps from before decision 112 read baselines on the quantity paid for.
const outcomes: Outcome[] = dump.outcomes.map((o) => ({ ...o, scoredActualKwh: o.scoredActualKwh ?? o.actualKwh, baseline: new Map(o.baseline) }));
// Gaming homes are judged apart, as in the harness's own tables.
const gaming = (o: Outcome) => o.behaviour === 'game_before' || o.behaviour === 'game_days';
const events = outcomes.filter((o) => !o.placebo && !gaming(o));
const placebos = outcomes.filter((o) => o.placebo && !gaming(o));
const gamed = outcomes.filter((o) => !o.placebo && gaming(o));

const signed = (x: number) => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${x.toFixed(1)} %` : '–');
const pct = (x: number, digits = 0) => (Number.isFinite(x) ? `${(x * 100).toFixed(digits)} %` : '–');
const mean = (xs: readonly Outcome[], f: (o: Outcome) => number) => (xs.length === 0 ? Number.NaN : xs.reduce((s, o) => s + f(o), 0) / xs.length);

const out: string[] = [`Seed ${dump.seed}, ${dump.homeCount} homes, on ${dump.quantity ?? 'net'}, baseline: ${method}.`, ''];
out.push('| Segment (home-events, placebo) | Points rule | Points bias | Within ±20 % | Placebo paid | Mean points paid / earned |');
out.push('|---|---|---|---|---|---|');
for (const segment of SEGMENTS.filter((s) => ['all', 'solar', 'battery', 'electric heat', 'new (< 5 weekdays)'].includes(s.name))) {
  const ev = events.filter(segment.includes);
  const pl = placebos.filter(segment.includes);
  for (const rule of RULES) {
    const s = scoreRule(ev, method, rule);
    out.push(`| ${segment.name} (${ev.length}, ${pl.length}) | ${describeRule(rule)} | ${signed(s.pointsBiasPercent)} | ${pct(s.withinShare)} | ${pct(rulePlaceboPaidShare(pl, method, rule), 1)} | ${s.pointsPaid.toFixed(0)} / ${s.pointsTrue.toFixed(0)} |`);
  }
}
out.push('');
out.push(`| Gaming homes (${gamed.length} home-events) | Points rule | Mean points paid / true cut earns |`);
out.push('|---|---|---|');
for (const rule of RULES) out.push(`| | ${describeRule(rule)} | ${mean(gamed, (o) => rulePaid(o, method, rule)).toFixed(0)} / ${mean(gamed, (o) => ruleTrue(o, rule)).toFixed(0)} |`);
process.stdout.write(`${out.join('\n')}\n`);
