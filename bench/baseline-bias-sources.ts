/**
 * Where decision 101's over-estimate comes from (issue 31, decision 133), from the home-events a
 * baselines run wrote with BENCH_OUTCOMES_FILE. Each home-event's error (estimated − true kWh) is
 * split in three where the home has its own baseline days, using the run's diagnostics:
 * - days: the baseline days' mean against the event day without the event (weather, season, luck);
 * - adjustment: what the same-day window adds on the day as it would have run without the event;
 * - behaviour: what the home's own pre-event behaviour (pre-cooling, a battery held) adds through the window;
 * and the rest is a new member's comparison group. Per group of homes: its share of the
 * population's bias in points (Σ the group's errors ÷ Σ every true cut), with 95 % intervals
 * resampling homes. Then the event days' weather against their baseline days', and what gaming
 * homes are paid under each method named after the file:
 *
 *   npx tsx bench/baseline-bias-sources.ts /tmp/o31.json "decision 101 as settled" "<candidate>" …
 */

import { DIAGNOSTIC_DAYS, DIAGNOSTIC_UNDISTURBED } from './lib/baseline-candidates';
import { behaviourPayoutRows, estimatedKwh, trueKwh, type Outcome } from './lib/baseline-scoring';
import { BOOTSTRAP_DEFAULTS, formatInterval, ratioIntervals, type RatioSpec } from './lib/bias-intervals';
import { numberKnob } from './lib/env';
import { findMethod, isGaming, readOutcomeDump } from './lib/outcome-dump';

const SETTLED = 'decision 101 as settled';
const OWN = '10/10, +, 3 h, cap ±20 %';

const [file, ...wanted] = process.argv.slice(2);
if (!file) throw new Error('usage: baseline-bias-sources.ts <outcomes.json> [method for the gaming table] …');
const dump = readOutcomeDump(file);
if (!dump.diagnostics.includes(DIAGNOSTIC_DAYS)) throw new Error(`${file} has no diagnostics: it was written before decision 133`);
const settled = findMethod(dump, SETTLED);
const own = findMethod(dump, OWN);
const shown = [settled, ...wanted.map((w) => findMethod(dump, w))];
const options = { replicates: numberKnob('BOOTSTRAP_REPLICATES', BOOTSTRAP_DEFAULTS.replicates), seed: numberKnob('BOOTSTRAP_SEED', BOOTSTRAP_DEFAULTS.seed) };
const events = dump.outcomes.filter((o) => !o.placebo && !isGaming(o));

type Part = 'total' | 'days' | 'adjustment' | 'behaviour' | 'group';
const PARTS: readonly Part[] = ['total', 'days', 'adjustment', 'behaviour', 'group'];
const hasOwn = (o: Outcome) => (o.baseline.get(own) ?? null) !== null;
const base = (o: Outcome, m: string) => o.baseline.get(m) ?? 0;
/** kWh of one part of a home-event's error under decision 101 as settled; the parts add up to the total. */
function part(o: Outcome, p: Part): number {
  if (p === 'total') return estimatedKwh(o, settled) - trueKwh(o);
  if (p === 'group') return hasOwn(o) ? 0 : estimatedKwh(o, settled) - trueKwh(o);
  if (!hasOwn(o)) return 0;
  if (p === 'days') return estimatedKwh(o, DIAGNOSTIC_DAYS) - trueKwh(o);
  if (p === 'adjustment') return base(o, DIAGNOSTIC_UNDISTURBED) - base(o, DIAGNOSTIC_DAYS);
  return base(o, own) - base(o, DIAGNOSTIC_UNDISTURBED);
}

type Group = { dimension: string; name: string; includes: (o: Outcome) => boolean };
const gap = (o: Outcome) => o.temperatureGapC ?? Number.NaN;
const groups: Group[] = [
  { dimension: 'population', name: 'all', includes: () => true },
  ...(['hard', 'little', 'none', 'precondition'] as const).map((b) => ({ dimension: 'behaviour', name: b, includes: (o: Outcome) => o.behaviour === b })),
  { dimension: 'kind', name: 'no solar, no battery', includes: (o) => !o.solar && o.battery !== true },
  { dimension: 'kind', name: 'solar, no battery', includes: (o) => o.solar && o.battery !== true },
  { dimension: 'kind', name: 'battery with solar', includes: (o) => o.battery === true && o.solar },
  { dimension: 'kind', name: 'battery without solar', includes: (o) => o.battery === true && !o.solar },
  ...['winter', 'summer'].map((s) => ({ dimension: 'season', name: s, includes: (o: Outcome) => o.season === s })),
  ...['gas', 'baseboard', 'heat_pump'].map((h) => ({ dimension: 'heating', name: h, includes: (o: Outcome) => o.heating === h })),
  ...[16, 17, 18].map((h) => ({ dimension: 'event start', name: `${h}:00`, includes: (o: Outcome) => o.eventHour === h })),
  ...['Toronto', 'Vancouver', 'Calgary'].map((c) => ({ dimension: 'city', name: c, includes: (o: Outcome) => o.city === c })),
  { dimension: 'member', name: 'new (< 5 weekdays)', includes: (o) => o.newMember },
  { dimension: 'member', name: 'with history', includes: (o) => !o.newMember },
  { dimension: 'event day vs its baseline days', name: 'colder by > 2 °C', includes: (o) => gap(o) < -2 },
  { dimension: 'event day vs its baseline days', name: 'within ±2 °C', includes: (o) => Math.abs(gap(o)) <= 2 },
  { dimension: 'event day vs its baseline days', name: 'warmer by > 2 °C', includes: (o) => gap(o) > 2 },
  { dimension: 'behaviour × kind', name: 'precondition, no solar, no battery', includes: (o) => o.behaviour === 'precondition' && !o.solar && o.battery !== true },
  { dimension: 'behaviour × kind', name: 'not precondition, no solar, no battery', includes: (o) => o.behaviour !== 'precondition' && !o.solar && o.battery !== true },
];

// Per group: its own bias (over its own true cuts), and each part's share of the population's bias.
const specs: RatioSpec[] = [];
for (const g of groups) {
  specs.push({ numerator: (o) => (g.includes(o) ? part(o, 'total') : 0), denominator: (o) => (g.includes(o) ? trueKwh(o) : 0) });
  for (const p of PARTS) specs.push({ numerator: (o) => (g.includes(o) ? part(o, p) : 0), denominator: (o) => trueKwh(o) });
}
const boot = ratioIntervals(events, specs, [], options);
const at = (g: number, k: number) => boot.intervals[g * (PARTS.length + 1) + k]!;
const totalTrue = events.reduce((s, o) => s + trueKwh(o), 0);

const out: string[] = [
  `Seed ${dump.seed}, ${dump.homeCount} homes, on ${dump.quantity}: decision 101 as settled, ${events.length} home-events of homes that do not game. Bias and shares in % of the true cut, [95 % interval, ${options.replicates} household-clustered replicates].`,
  '"Share" columns: the group\'s errors ÷ the whole population\'s true cut (they add up over a dimension to the population\'s bias); the last four split the group\'s share.',
  '',
  '| Dimension | Group (home-events) | Share of the true cut | Group\'s own bias | Share of the population\'s bias | days | adjustment on an ordinary day | pre-event behaviour | new member (comparison group) |',
  '|---|---|---|---|---|---|---|---|---|',
];
groups.forEach((g, i) => {
  const mine = events.filter(g.includes);
  if (mine.length === 0) return;
  const trueShare = mine.reduce((s, o) => s + trueKwh(o), 0) / totalTrue;
  const cells = [formatInterval(at(i, 0)), ...PARTS.map((_, k) => (k === 0 ? formatInterval(at(i, 1), ' pts') : `${at(i, k + 1).estimate >= 0 ? '+' : ''}${at(i, k + 1).estimate.toFixed(1)}`))];
  out.push(`| ${g.dimension} | ${g.name} (${mine.length}) | ${(trueShare * 100).toFixed(0)} % | ${cells.join(' | ')} |`);
});
out.push('');
out.push(`Population, each part with its interval: ${PARTS.slice(1).map((p, k) => `${p} ${formatInterval(at(0, k + 2), ' pts')}`).join('; ')}.`);

// The event days' weather against their baseline days', per area: does the choice of day lean?
out.push('');
out.push('Per area: event-day temperature over the event\'s hours less its baseline days\' mean (°C, mean over home-events with own days), and the parts\' mean kWh per home-event.');
out.push('');
out.push('| Area | Home-events | Temperature gap °C | True cut kWh | days kWh | adjustment kWh | behaviour kWh |');
out.push('|---|---|---|---|---|---|---|');
const areas = [...new Set(events.map((o) => `${o.city} ${o.season}`))].sort();
for (const area of areas) {
  const mine = events.filter((o) => `${o.city} ${o.season}` === area && hasOwn(o));
  const mean = (f: (o: Outcome) => number) => (mine.reduce((s, o) => s + f(o), 0) / mine.length).toFixed(3);
  out.push(`| ${area} | ${mine.length} | ${(mine.reduce((s, o) => s + gap(o), 0) / mine.length).toFixed(2)} | ${mean(trueKwh)} | ${mean((o) => part(o, 'days'))} | ${mean((o) => part(o, 'adjustment'))} | ${mean((o) => part(o, 'behaviour'))} |`);
}

// Gaming homes are outside the population's figure (judged apart, as in the harness); their own bias by part, over their own true cut.
const gamed = dump.outcomes.filter((o) => !o.placebo && isGaming(o));
const gamers = (['game_before', 'game_days'] as const).filter((b) => gamed.some((o) => o.behaviour === b));
const gamingSpecs: RatioSpec[] = gamers.flatMap((b) => PARTS.map((p) => ({ numerator: (o: Outcome) => (o.behaviour === b ? part(o, p) : 0), denominator: (o: Outcome) => (o.behaviour === b ? trueKwh(o) : 0) })));
const gamingBoot = ratioIntervals(gamed, gamingSpecs, [], options);
out.push('');
out.push('Gaming homes at real events (not in the population above): own bias, and its parts, in % of their own true cut.');
out.push('');
out.push(`| Behaviour (home-events) | ${PARTS.join(' | ')} |`);
out.push(`|---|${PARTS.map(() => '---').join('|')}|`);
gamers.forEach((b, i) => {
  const cells = PARTS.map((_, k) => formatInterval(gamingBoot.intervals[i * PARTS.length + k]!, k === 0 ? ' %' : ' pts'));
  out.push(`| ${b} (${gamed.filter((o) => o.behaviour === b).length}) | ${cells.join(' | ')} |`);
});

// Gaming and pre-conditioning homes: what each method pays them against what their true cut earns.
const all = dump.outcomes.filter((o) => !o.placebo);
out.push('');
out.push('Mean points paid per home-event at real events, against what the true cut earns.');
out.push('');
out.push(`| Behaviour (home-events) | True cut earns | ${shown.join(' | ')} |`);
out.push(`|---|---|${shown.map(() => '---').join('|')}|`);
out.push(...behaviourPayoutRows(all, shown));
process.stdout.write(`${out.join('\n')}\n`);
