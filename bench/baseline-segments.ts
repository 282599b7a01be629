/**
 * Per segment and season, the kWh bias with its 95 % interval, mean absolute error, points within
 * ±20 % and placebo share of chosen baselines, from the home-events a baselines run wrote with
 * BENCH_OUTCOMES_FILE. Used to find where the solar segment's bias comes from (which candidate,
 * which season) and to report the battery segment's figures without simulating again:
 *
 *   BENCH_SEED=31 BENCH_OUTCOMES_FILE=/tmp/o31.json npm run baselines -w @peakwise/bench
 *   npx tsx bench/baseline-segments.ts /tmp/o31.json "decision 101 as settled" "10/10, no adjustment" …
 *
 * A start of a name takes the first method that begins with it: for decision 126's gross-load
 * candidates give the full name ("…; new members by comparison group ×"), or the "(+)" hybrid comes first.
 *
 * The intervals resample homes, not home-events (a home's events share its habits and its area's
 * weather), seeded so a rerun prints the same figures (BENCH_BOOTSTRAP_REPLICATES, 1,000;
 * BENCH_BOOTSTRAP_SEED, 133). The second table says which differences are beyond sampling noise:
 * each segment against homes with neither solar nor a battery, and each method against the first
 * on the same home-events, an interval that leaves out 0 marked *.
 */

import { placeboPaidShare, score, type Outcome } from './lib/baseline-scoring';
import { biasSpec, BOOTSTRAP_DEFAULTS, formatInterval, ratioIntervals } from './lib/bias-intervals';
import { excludesZero } from './lib/cluster-bootstrap';
import { numberKnob } from './lib/env';
import { findMethod, isGaming, readOutcomeDump } from './lib/outcome-dump';

const [file, ...wanted] = process.argv.slice(2);
if (!file || wanted.length === 0) throw new Error('usage: baseline-segments.ts <outcomes.json> <method name or its start> …');
const dump = readOutcomeDump(file);
const methods = wanted.map((w) => findMethod(dump, w));
const options = { replicates: numberKnob('BOOTSTRAP_REPLICATES', BOOTSTRAP_DEFAULTS.replicates), seed: numberKnob('BOOTSTRAP_SEED', BOOTSTRAP_DEFAULTS.seed) };
const events = dump.outcomes.filter((o) => !o.placebo && !isGaming(o));
const placebos = dump.outcomes.filter((o) => o.placebo && !isGaming(o));

type Group = { name: string; includes: (o: Outcome) => boolean };
const kinds: Group[] = [
  { name: 'all', includes: () => true },
  { name: 'no solar, no battery', includes: (o) => !o.solar && o.battery !== true },
  { name: 'solar, no battery', includes: (o) => o.solar && o.battery !== true },
  { name: 'battery', includes: (o) => o.battery === true },
  { name: 'battery with solar', includes: (o) => o.battery === true && o.solar },
  { name: 'battery without solar', includes: (o) => o.battery === true && !o.solar },
];
const seasons: Group[] = [
  { name: 'both seasons', includes: () => true },
  { name: 'winter', includes: (o) => o.season === 'winter' },
  { name: 'summer', includes: (o) => o.season === 'summer' },
];
const cells = kinds.flatMap((kind) => seasons.map((season) => ({ name: `${kind.name}|${season.name}`, kind, season, includes: (o: Outcome) => kind.includes(o) && season.includes(o) })));
const present = cells.filter((c) => events.some(c.includes));

// One bootstrap for every cell and method, so differences between any two share their replicates.
const specIndex = new Map<string, number>();
const specs = present.flatMap((cell) => methods.map((m) => {
  specIndex.set(`${cell.name}#${m}`, specIndex.size);
  return biasSpec(m, cell.includes);
}));
const index = (cell: string, m: string) => specIndex.get(`${cell}#${m}`)!;
const BASE = 'no solar, no battery|both seasons';
type Pair = { label: string; method: string; a: number; b: number };
const pairs: Pair[] = [];
for (const m of methods) {
  for (const cell of ['solar, no battery|both seasons', 'battery|both seasons', 'battery with solar|both seasons', 'battery without solar|both seasons']) {
    if (specIndex.has(`${cell}#${m}`) && specIndex.has(`${BASE}#${m}`)) pairs.push({ label: `${cell.split('|')[0]} − no solar, no battery`, method: m, a: index(cell, m), b: index(BASE, m) });
  }
  if (specIndex.has(`all|winter#${m}`) && specIndex.has(`all|summer#${m}`)) pairs.push({ label: 'winter − summer (all)', method: m, a: index('all|winter', m), b: index('all|summer', m) });
}
for (const m of methods.slice(1)) {
  for (const cell of present.filter((c) => c.season.name === 'both seasons')) {
    pairs.push({ label: `${cell.kind.name}: this method − A`, method: m, a: index(cell.name, m), b: index(cell.name, methods[0]!) });
  }
}
const boot = ratioIntervals(events, specs, pairs.map((p) => [p.a, p.b] as const), options);

const pct = (x: number, digits = 0) => (Number.isFinite(x) ? `${(x * 100).toFixed(digits)} %` : '–');
const homes = new Set(events.map((o) => o.homeIndex)).size;
const out: string[] = [
  `Seed ${dump.seed}, ${dump.homeCount} homes (${homes} not gaming), on ${dump.quantity}. Per cell: kWh bias [95 % interval, ${options.replicates} household-clustered bootstrap replicates, seed ${options.seed}] / MAE kWh / points within ±20 % / placebo paid.`,
  '',
];
out.push(`| Segment | Season (home-events, placebo) | ${methods.join(' | ')} |`);
out.push(`|---|---|${methods.map(() => '---').join('|')}|`);
for (const cell of present) {
  const ev = events.filter(cell.includes);
  const pl = placebos.filter(cell.includes);
  const row = methods.map((m) => {
    const s = score(ev, m);
    return `${formatInterval(boot.intervals[index(cell.name, m)]!)} / ${s.maeKwh.toFixed(3)} / ${pct(s.withinShare)} / ${pct(placeboPaidShare(pl, m), 1)}`;
  });
  out.push(`| ${cell.kind.name} | ${cell.season.name} (${ev.length}, ${pl.length}) | ${row.join(' | ')} |`);
}
out.push('');
const letter = (m: string) => String.fromCharCode(65 + methods.indexOf(m));
out.push(`Differences in kWh bias, points [95 % interval]; * the interval leaves out 0 (beyond sampling noise). Methods: ${methods.map((m) => `${letter(m)} = ${m}`).join('; ')}.`);
out.push('');
out.push('| Difference | Method | Points |');
out.push('|---|---|---|');
pairs.forEach((p, k) => {
  const d = boot.differences[k]!;
  out.push(`| ${p.label} | ${letter(p.method)} | ${formatInterval(d, '')}${excludesZero(d) ? ' *' : ''} |`);
});
process.stdout.write(`${out.join('\n')}\n`);
