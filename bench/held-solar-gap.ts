/**
 * Why the held-until-proven rule under-pays solar homes (issue 31, decision 139), taken apart on
 * the home-events a baselines run dumped with BENCH_NOISE_CANDIDATES=1 and BENCH_OUTCOMES_FILE:
 *
 *   npx tsx bench/held-solar-gap.ts /tmp/o31.json [/tmp/o7.json …]
 *
 * Per segment, the held rule's points less what the true cut earns, split by where each
 * home-event ends: no positive baseline, under the target rule's 10 % (paid 0 by both rules), paid
 * (the target rule's own error), held and never released (the target rule's own error, and the
 * target points the hold withholds). The withheld points are split again by the home's season:
 * whether its true cuts over its events, against the σ it was given, could have reached the
 * boundary at all, and how the σ compares with the baseline's real error.
 */

import { pointsHeldUntilProven, type ProofRule } from '../packages/domain/src/event-points-proof';
import { COMBINED, NOISE_BASELINE_QUANTITY } from './lib/baseline-candidates';
import { paidPoints, trueKwh, truePoints, type Outcome } from './lib/baseline-scoring';
import { heldSigmaKwh } from './lib/held-points-report';
import { isGaming, readOutcomeDump } from './lib/outcome-dump';

const METHOD = `${COMBINED}; new members by comparison group ×`;
const RULE: ProofRule = { z: 1.645, fallbackShare: 0.25, boundaryZ: 2.5 };

type Row = { o: Outcome; sigma: number; base: number | null; target: number; truth: number; paid: number; status: string; seasonN: number; seasonTrueZ: number; finalZ: number };

function rows(outcomes: readonly Outcome[], sigmaName: string | undefined, sigmaOf?: (o: Outcome) => number | null): Row[] {
  const byHome = new Map<number, Outcome[]>();
  for (const o of outcomes) byHome.set(o.homeIndex, [...(byHome.get(o.homeIndex) ?? []), o]);
  const out: Row[] = [];
  for (const season of byHome.values()) {
    const inputs = season.map((o) => {
      const b = o.baseline.get(METHOD) ?? null;
      return { baselineKwh: b ?? Number.NaN, actualKwh: o.scoredActualKwh, noiseKwh: sigmaOf ? sigmaOf(o) : heldSigmaKwh(o, sigmaName), targetPoints: paidPoints(o, METHOD) };
    });
    const results = pointsHeldUntilProven(inputs, RULE);
    const sig = inputs.map((e) => (e.noiseKwh !== null && e.noiseKwh >= 0 ? e.noiseKwh : RULE.fallbackShare * (Number.isFinite(e.baselineKwh) ? e.baselineKwh : 0)));
    const usable = inputs.map((e) => Number.isFinite(e.baselineKwh) && e.baselineKwh > 0);
    // The season test's value had every saving been the true cut exactly: could the home's cuts prove out at all?
    const trueSum = season.reduce((s, o, i) => s + (usable[i] ? trueKwh(o) : 0), 0);
    const varSum = sig.reduce((s, x, i) => s + (usable[i] ? x * x : 0), 0);
    const seasonTrueZ = varSum > 0 ? trueSum / Math.sqrt(varSum) : 0;
    const n = usable.filter(Boolean).length;
    season.forEach((o, i) => {
      const r = results[i]!;
      out.push({ o, sigma: sig[i]!, base: o.baseline.get(METHOD) ?? null, target: paidPoints(o, METHOD), truth: truePoints(o), paid: r.points, status: r.status, seasonN: n, seasonTrueZ, finalZ: results[results.length - 1]!.seasonZ });
    });
  }
  return out;
}

const pc = (x: number, of: number) => `${((x / of) * 100).toFixed(1)}`;
const med = (xs: number[]) => (xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN);
const sum = (rs: readonly Row[], f: (r: Row) => number) => rs.reduce((s, r) => s + f(r), 0);

function decompose(label: string, rs: readonly Row[]): string[] {
  const earned = sum(rs, (r) => r.truth);
  const noBase = rs.filter((r) => r.base === null || !(r.base > 0));
  const underTarget = rs.filter((r) => r.base !== null && r.base > 0 && r.target === 0);
  const paid = rs.filter((r) => r.target > 0 && r.paid > 0);
  const never = rs.filter((r) => r.target > 0 && r.paid === 0);
  const lost = sum(never, (r) => r.target);
  const neverCouldNot = never.filter((r) => r.seasonTrueZ < RULE.boundaryZ);
  const neverShort = neverCouldNot.filter((r) => r.seasonN < 5);
  const out = [
    `${label}: ${rs.length} home-events, true cut earns ${earned.toFixed(0)} points; held pays ${pc(sum(rs, (r) => r.paid) - earned, earned)} %, the target rule ${pc(sum(rs, (r) => r.target) - earned, earned)} %`,
    `  (c) no positive baseline: ${noBase.length} events, ${pc(-sum(noBase, (r) => r.truth), earned)} % | under the target's 10 %: ${underTarget.length}, ${pc(-sum(underTarget, (r) => r.truth), earned)} %`,
    `  paid (at once or released): ${paid.length}, target's error ${pc(sum(paid, (r) => r.target - r.truth), earned)} % | held, never released: ${never.length}, target's error ${pc(sum(never, (r) => r.target - r.truth), earned)} %, withheld ${pc(-lost, earned)} %`,
    `  withheld, by season: true cuts could not reach the boundary against σ ${pc(-sum(neverCouldNot, (r) => r.target), earned)} % (of it seasons < 5 events ${pc(-sum(neverShort, (r) => r.target), earned)} %); could, but noise kept them under ${pc(-(lost - sum(neverCouldNot, (r) => r.target)), earned)} %`,
  ];
  // σ against the baseline's real error (baseline − counterfactual on the quantity read), and cuts against σ.
  const withBase = rs.filter((r) => r.base !== null && r.base > 0 && !r.o.placebo);
  const errRms = Math.sqrt(sum(withBase, (r) => (r.base! - (r.o.counterfactualKwh - r.o.actualKwh + r.o.scoredActualKwh)) ** 2) / withBase.length);
  const sigRms = Math.sqrt(sum(withBase, (r) => r.sigma ** 2) / withBase.length);
  const earning = withBase.filter((r) => r.truth > 0);
    out.push(
    `  σ RMS ${sigRms.toFixed(3)} kWh against the baseline's real error RMS ${errRms.toFixed(3)} (ratio ${(sigRms / errRms).toFixed(2)}); events earning points: median true cut ${med(earning.map((r) => trueKwh(r.o))).toFixed(3)} kWh, median cut/σ ${med(earning.map((r) => trueKwh(r.o) / r.sigma)).toFixed(2)}, median counterfactual ${med(earning.map((r) => r.o.counterfactualKwh)).toFixed(2)} kWh, mean true points ${(sum(earning, (r) => r.truth) / earning.length).toFixed(0)}`,
  );
  const heldEarning = never.filter((r) => r.truth > 0);
  const c = [...noBase, ...underTarget].filter((r) => r.truth > 0);
  out.push(
    `  held for good yet earning: ${heldEarning.length} events, ${pc(sum(heldEarning, (r) => r.truth), earned)} % of what is earned; median true cut ${med(heldEarning.map((r) => trueKwh(r.o))).toFixed(3)} kWh (${med(heldEarning.map((r) => (trueKwh(r.o) / r.o.counterfactualKwh) * 100)).toFixed(0)} %), σ ${med(heldEarning.map((r) => r.sigma)).toFixed(3)}, counterfactual ${med(heldEarning.map((r) => r.o.counterfactualKwh)).toFixed(2)} kWh, season's true z ${med(heldEarning.map((r) => r.seasonTrueZ)).toFixed(2)} over ${med(heldEarning.map((r) => r.seasonN))} events`,
    `  (c) earning: ${c.length} events; median baseline ${med(c.map((r) => r.base ?? Number.NaN)).toFixed(2)} kWh against counterfactual ${med(c.map((r) => r.o.counterfactualKwh)).toFixed(2)}, true cut ${med(c.map((r) => trueKwh(r.o))).toFixed(3)} kWh; baseline under the counterfactual by ${med(c.map((r) => r.o.counterfactualKwh - (r.base ?? 0))).toFixed(3)} kWh (median)`,
  );
  return out;
}

/** Diagnostic only (it reads the truth): each home's real baseline error, RMS over its real events and placebo days. */
function oracleSigma(all: readonly Outcome[]): (o: Outcome) => number | null {
  const byHome = new Map<number, number[]>();
  for (const o of all) {
    const b = o.baseline.get(METHOD) ?? null;
    if (b === null) continue;
    byHome.set(o.homeIndex, [...(byHome.get(o.homeIndex) ?? []), b - o.counterfactualKwh]);
  }
  return (o) => {
    const e = byHome.get(o.homeIndex);
    return e && e.length >= 3 ? Math.sqrt(e.reduce((s, x) => s + x * x, 0) / e.length) : null;
  };
}

for (const file of process.argv.slice(2)) {
  const dump = readOutcomeDump(file);
  const events = dump.outcomes.filter((o) => !o.placebo && !isGaming(o));
  const oracle = oracleSigma(dump.outcomes.filter((o) => !isGaming(o)));
  process.stdout.write(`Seed ${dump.seed}, ${dump.homeCount} homes\n`);
  for (const [sigmaLabel, sigmaName] of [
    ['raw σ', undefined],
    ["σ on the baseline's quantity", NOISE_BASELINE_QUANTITY],
    ["each home's real baseline error (RMS over its events and placebo days; reads the truth)", 'oracle'],
  ] as const) {
    const rs = rows(events, sigmaName, sigmaName === 'oracle' ? oracle : undefined);
    process.stdout.write(` ${sigmaLabel}, 2.5 σ\n`);
    for (const [name, f] of [
      ['solar, no battery', (o: Outcome) => o.solar && o.battery !== true],
      ['solar with battery', (o: Outcome) => o.solar && o.battery === true],
      ['no solar', (o: Outcome) => !o.solar],
    ] as const) {
      process.stdout.write(decompose(`  ${name}`, rs.filter((r) => f(r.o))).map((l) => `${l}\n`).join(''));
    }
  }
  process.stdout.write('\n');
}
