/**
 * Where the home-events outside "points within ±20 % of what the true cut earns" come from (issue 31),
 * from the home-events a baselines run wrote with BENCH_OUTCOMES_FILE:
 *
 *   npx tsx bench/baseline-within-sources.ts /tmp/o31.json "<method or its start>" …
 *
 * The points curve pays nothing below the target and 100–200 points from it, so a home-event's room
 * for error (in points of reduction, pp) is lopsided: a home whose true cut is under the target is
 * outside as soon as any points are paid, and one just over it as soon as its estimate falls under.
 * Per method: the outside home-events by kind and by the size of their error in pp; the within share
 * by the room the curve leaves and by the home's day-to-day noise; what shrinking every baseline's
 * error would buy; and each group's outside share and part of the population's outside share.
 */

import { addBlends } from './lib/baseline-blends';
import { paidPoints, truePoints, type Outcome } from './lib/baseline-scoring';
import { DEFAULT_TARGET_REDUCTION_PERCENT, MAX_MULTIPLIER_AT_TARGETS, pointsFor, reductionPercent } from '../packages/domain/src/event-points';
import { findMethod, isGaming, readOutcomeDump } from './lib/outcome-dump';

const [file, ...wanted] = process.argv.slice(2);
if (!file || wanted.length === 0) throw new Error('usage: baseline-within-sources.ts <outcomes.json> <method or its start> …');
const dump = readOutcomeDump(file);
// The blends read only stored baselines: a dump written before them can name them too.
dump.methods.push(...addBlends(dump.outcomes));
const methods = wanted.map((w) => findMethod(dump, w));
const events = dump.outcomes.filter((o) => !o.placebo && !isGaming(o));
const TARGET = DEFAULT_TARGET_REDUCTION_PERCENT;
const FULL_AT = TARGET * MAX_MULTIPLIER_AT_TARGETS;

const within = (paid: number, earned: number) => Math.abs(paid - earned) <= 0.2 * earned;
const truePct = (o: Outcome) => reductionPercent(o.counterfactualKwh, o.actualKwh) ?? 0;
/** The reduction the method estimates, % of its baseline (null: no baseline, nothing paid). */
function estimatedPct(o: Outcome, method: string): number | null {
  const b = o.baseline.get(method) ?? null;
  return b === null ? null : reductionPercent(b, o.scoredActualKwh);
}

/**
 * The estimated reductions (pp) that keep the home-event within ±20 %: [low, high], from the curve
 * (0 below the target, 100 at it, 200 from three times it). Nothing within when the true cut earns 0
 * but everything under the target.
 */
function withinRange(o: Outcome): [number, number] {
  const earned = truePoints(o);
  if (earned === 0) return [Number.NEGATIVE_INFINITY, TARGET];
  const pctFor = (points: number) => TARGET + ((points - 100) / 100) * (FULL_AT - TARGET);
  const low = 0.8 * earned <= 100 ? TARGET : pctFor(0.8 * earned);
  const high = 1.2 * earned >= 200 ? Number.POSITIVE_INFINITY : pctFor(1.2 * earned);
  return [low, high];
}

/** How far the estimate may move from the true cut, in pp, before the home-event falls outside (the nearer side). */
function room(o: Outcome): number {
  const [low, high] = withinRange(o);
  const t = truePct(o);
  return Math.max(0, Math.min(t - low, high - t));
}

type Kind = { name: string; is: (o: Outcome, m: string) => boolean };
const KINDS: Kind[] = [
  { name: 'paid, true cut earns 0: the home did not cut (behaviour none)', is: (o, m) => truePoints(o) === 0 && paidPoints(o, m) > 0 && o.behaviour === 'none' },
  { name: 'paid, true cut earns 0: it cut, under the target', is: (o, m) => truePoints(o) === 0 && paidPoints(o, m) > 0 && o.behaviour !== 'none' },
  { name: 'not paid, true cut earns points (no baseline)', is: (o, m) => truePoints(o) > 0 && paidPoints(o, m) === 0 && (o.baseline.get(m) ?? null) === null },
  { name: 'not paid, true cut earns points (estimate under the target)', is: (o, m) => truePoints(o) > 0 && paidPoints(o, m) === 0 && (o.baseline.get(m) ?? null) !== null },
  { name: 'paid, over 120 % of what the true cut earns', is: (o, m) => truePoints(o) > 0 && paidPoints(o, m) > 1.2 * truePoints(o) },
  { name: 'paid, under 80 % of what the true cut earns', is: (o, m) => truePoints(o) > 0 && paidPoints(o, m) > 0 && paidPoints(o, m) < 0.8 * truePoints(o) },
];

const outside = (o: Outcome, m: string) => !within(paidPoints(o, m), truePoints(o));
const share = (n: number, of: number) => (of === 0 ? '–' : `${((n / of) * 100).toFixed(1)} %`);
const errorPp = (o: Outcome, m: string) => {
  const e = estimatedPct(o, m);
  return e === null ? Number.NaN : e - truePct(o);
};

type Group = { dimension: string; name: string; includes: (o: Outcome) => boolean };
const groups: Group[] = [
  ...(['hard', 'little', 'none', 'precondition'] as const).map((b) => ({ dimension: 'behaviour', name: b, includes: (o: Outcome) => o.behaviour === b })),
  ...(['hard', 'little', 'none', 'precondition'] as const).map((b) => ({ dimension: 'behaviour, no solar, no battery', name: b, includes: (o: Outcome) => o.behaviour === b && !o.solar && o.battery !== true })),
  { dimension: 'kind', name: 'no solar, no battery', includes: (o) => !o.solar && o.battery !== true },
  { dimension: 'kind', name: 'solar, no battery', includes: (o) => o.solar && o.battery !== true },
  { dimension: 'kind', name: 'battery with solar', includes: (o) => o.battery === true && o.solar },
  { dimension: 'kind', name: 'battery without solar', includes: (o) => o.battery === true && !o.solar },
  ...['winter', 'summer'].map((s) => ({ dimension: 'season', name: s, includes: (o: Outcome) => o.season === s })),
  ...[16, 17, 18].map((h) => ({ dimension: 'event start', name: `${h}:00`, includes: (o: Outcome) => o.eventHour === h })),
  ...['Toronto', 'Vancouver', 'Calgary'].map((c) => ({ dimension: 'city', name: c, includes: (o: Outcome) => o.city === c })),
  ...['gas', 'baseboard', 'heat_pump'].map((h) => ({ dimension: 'heating', name: h, includes: (o: Outcome) => o.heating === h })),
  { dimension: 'member', name: 'new (< 5 weekdays)', includes: (o) => o.newMember },
  { dimension: 'true cut', name: 'under the target', includes: (o) => truePoints(o) === 0 },
  { dimension: 'true cut', name: `target to ${TARGET + 5} %`, includes: (o) => truePoints(o) > 0 && truePct(o) < TARGET + 5 },
  { dimension: 'true cut', name: `${TARGET + 5} to ${FULL_AT} %`, includes: (o) => truePct(o) >= TARGET + 5 && truePct(o) < FULL_AT },
  { dimension: 'true cut', name: `${FULL_AT} % and over`, includes: (o) => truePct(o) >= FULL_AT },
];

const ROOM_BINS: [string, (r: number) => boolean][] = [
  ['under 2 pp', (r) => r < 2],
  ['2–5 pp', (r) => r >= 2 && r < 5],
  ['5–10 pp', (r) => r >= 5 && r < 10],
  ['10 pp and over', (r) => r >= 10],
];
const ERROR_BINS: [string, (e: number) => boolean][] = [
  ['no baseline, or one of 0 or less', (e) => Number.isNaN(e)],
  ['|error| < 2 pp', (e) => Math.abs(e) < 2],
  ['2–5 pp', (e) => Math.abs(e) >= 2 && Math.abs(e) < 5],
  ['5–10 pp', (e) => Math.abs(e) >= 5 && Math.abs(e) < 10],
  ['10 pp and over', (e) => Math.abs(e) >= 10],
];
const NOISE_BINS: [string, (o: Outcome) => boolean][] = [
  ['none (too few days)', (o) => o.noiseKwh === null],
  ['σ under 10 % of the true baseline', (o) => o.noiseKwh !== null && o.noiseKwh < 0.1 * o.counterfactualKwh],
  ['10–20 %', (o) => o.noiseKwh !== null && o.noiseKwh >= 0.1 * o.counterfactualKwh && o.noiseKwh < 0.2 * o.counterfactualKwh],
  ['20–40 %', (o) => o.noiseKwh !== null && o.noiseKwh >= 0.2 * o.counterfactualKwh && o.noiseKwh < 0.4 * o.counterfactualKwh],
  ['40 % and over', (o) => o.noiseKwh !== null && o.noiseKwh >= 0.4 * o.counterfactualKwh],
];

/** Within share with every baseline's error (estimated − true reduction, kWh) scaled by k. */
function withinScaled(m: string, k: number): number {
  let n = 0;
  for (const o of events) {
    const b = o.baseline.get(m) ?? null;
    let paid = 0;
    if (b !== null) {
      const error = b - o.scoredActualKwh - (o.counterfactualKwh - o.actualKwh);
      paid = pointsFor(reductionPercent(b - (1 - k) * error, o.scoredActualKwh));
    }
    if (within(paid, truePoints(o))) n++;
  }
  return n / events.length;
}

const out: string[] = [`Seed ${dump.seed}, ${dump.homeCount} homes, on ${dump.quantity}: ${events.length} home-events of homes that do not game (placebo days and gaming homes left out, as in the harness).`];
for (const m of methods) {
  const outs = events.filter((o) => outside(o, m));
  const N = events.length;
  out.push('', `### ${m}`, '', `Outside ±20 %: ${outs.length} of ${N} (${share(outs.length, N)}); within ${share(N - outs.length, N)}.`, '');
  out.push(`| Kind of miss | Home-events | % of all home-events | ${ERROR_BINS.map(([n]) => n).join(' | ')} | median |error| pp |`);
  out.push(`|---|---|---|${ERROR_BINS.map(() => '---').join('|')}|---|`);
  for (const kind of KINDS) {
    const mine = outs.filter((o) => kind.is(o, m));
    const errs = mine.map((o) => Math.abs(errorPp(o, m))).filter((e) => !Number.isNaN(e)).sort((a, b) => a - b);
    const median = errs.length ? errs[Math.floor(errs.length / 2)]!.toFixed(1) : '–';
    out.push(`| ${kind.name} | ${mine.length} | ${share(mine.length, N)} | ${ERROR_BINS.map(([, f]) => share(mine.filter((o) => f(errorPp(o, m))).length, mine.length)).join(' | ')} | ${median} |`);
  }
  const unclassified = outs.filter((o) => !KINDS.some((k) => k.is(o, m))).length;
  if (unclassified > 0) out.push(`| (other) | ${unclassified} | ${share(unclassified, N)} | | | | | | |`);
  out.push('', 'Room the points curve leaves (the nearer distance, pp of reduction, from the true cut to an estimate outside ±20 %):', '');
  out.push('| True cut | Room | Home-events | Within | Outside, % of all home-events |');
  out.push('|---|---|---|---|---|');
  for (const [label, earns] of [['earns 0 (room: up to the target)', false], ['earns points', true]] as const) {
    for (const [name, f] of ROOM_BINS) {
      const mine = events.filter((o) => truePoints(o) > 0 === earns && f(room(o)));
      const o = mine.filter((x) => outside(x, m)).length;
      out.push(`| ${label} | ${name} | ${mine.length} | ${share(mine.length - o, mine.length)} | ${share(o, N)} |`);
    }
  }
  out.push('', "By the home's day-to-day noise over the event's clock times (σ on its baseline days ÷ its true baseline):", '');
  out.push('| Noise | Home-events | Within | Outside, % of all home-events |');
  out.push('|---|---|---|---|');
  for (const [name, f] of NOISE_BINS) {
    const mine = events.filter(f);
    const o = mine.filter((x) => outside(x, m)).length;
    out.push(`| ${name} | ${mine.length} | ${share(mine.length - o, mine.length)} | ${share(o, N)} |`);
  }
  out.push('', `Every baseline's error scaled (same home-events, same curve): ${[1, 0.75, 0.5, 0.25, 0].map((k) => `×${k} ${share(withinScaled(m, k) * N, N)}`).join(', ')} within.`, '');
  out.push('| Dimension | Group (home-events) | Within | Outside, % of all home-events | of which paid with a true cut earning 0 | of which not paid with a true cut earning points |');
  out.push('|---|---|---|---|---|---|');
  for (const g of groups) {
    const mine = events.filter(g.includes);
    if (mine.length === 0) continue;
    const o = mine.filter((x) => outside(x, m));
    const falsePay = o.filter((x) => truePoints(x) === 0).length;
    const missed = o.filter((x) => truePoints(x) > 0 && paidPoints(x, m) === 0).length;
    out.push(`| ${g.dimension} | ${g.name} (${mine.length}) | ${share(mine.length - o.length, mine.length)} | ${share(o.length, N)} | ${share(falsePay, N)} | ${share(missed, N)} |`);
  }
}
process.stdout.write(`${out.join('\n')}\n`);
