/**
 * Per segment and season, the kWh bias, mean absolute error, points within ±20 % and placebo
 * share of chosen baselines, from the home-events a baselines run wrote with BENCH_OUTCOMES_FILE.
 * Used to find where the solar segment's bias comes from (which candidate, which season) and to
 * report the battery segment's figures without simulating again:
 *
 *   BENCH_SEED=31 BENCH_OUTCOMES_FILE=/tmp/o31.json npm run baselines -w @peakwise/bench
 *   npx tsx bench/baseline-segments.ts /tmp/o31.json "decision 101 as settled" "10/10, no adjustment" …
 *
 * A start of a name takes the first method that begins with it: for decision 126's gross-load
 * candidates give the full name ("…; new members by comparison group ×"), or the "(+)" hybrid comes first.
 */

import { readFileSync } from 'node:fs';
import { placeboPaidShare, score, type Outcome } from './lib/baseline-scoring';

type Dump = { seed: number; homeCount: number; quantity?: string; methods: string[]; outcomes: (Omit<Outcome, 'baseline'> & { baseline: [string, number | null][] })[] };

const [file, ...wanted] = process.argv.slice(2);
if (!file || wanted.length === 0) throw new Error('usage: baseline-segments.ts <outcomes.json> <method name or its start> …');
const dump = JSON.parse(readFileSync(file, 'utf8')) as Dump;
const methods = wanted.map((w) => {
  const m = dump.methods.find((name) => name === w) ?? dump.methods.find((name) => name.startsWith(w));
  if (!m) throw new Error(`No method "${w}" in ${file}: ${dump.methods.join('; ')}`);
  return m;
});
const outcomes: Outcome[] = dump.outcomes.map((o) => ({ ...o, scoredActualKwh: o.scoredActualKwh ?? o.actualKwh, baseline: new Map(o.baseline) }));
// Gaming homes are judged apart, as in the harness's own tables.
const gaming = (o: Outcome) => o.behaviour === 'game_before' || o.behaviour === 'game_days';
const events = outcomes.filter((o) => !o.placebo && !gaming(o));
const placebos = outcomes.filter((o) => o.placebo && !gaming(o));

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

const signed = (x: number) => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${x.toFixed(1)} %` : '–');
const pct = (x: number, digits = 0) => (Number.isFinite(x) ? `${(x * 100).toFixed(digits)} %` : '–');
const out: string[] = [`Seed ${dump.seed}, ${dump.homeCount} homes, on ${dump.quantity ?? 'net'}. Per cell: kWh bias / MAE kWh / points within ±20 % / placebo paid.`, ''];
out.push(`| Segment | Season (home-events, placebo) | ${methods.join(' | ')} |`);
out.push(`|---|---|${methods.map(() => '---').join('|')}|`);
for (const kind of kinds) {
  for (const season of seasons) {
    const ev = events.filter((o) => kind.includes(o) && season.includes(o));
    const pl = placebos.filter((o) => kind.includes(o) && season.includes(o));
    if (ev.length === 0) continue;
    const cells = methods.map((m) => {
      const s = score(ev, m);
      return `${signed(s.biasPercent)} / ${s.maeKwh.toFixed(3)} / ${pct(s.withinShare)} / ${pct(placeboPaidShare(pl, m), 1)}`;
    });
    out.push(`| ${kind.name} | ${season.name} (${ev.length}, ${pl.length}) | ${cells.join(' | ')} |`);
  }
}
process.stdout.write(`${out.join('\n')}\n`);
