/**
 * Why decision 141's rule under-paid battery homes, and decision 147's as settled (issue 31), taken apart on the home-events a
 * baselines run dumped with BENCH_OUTCOMES_FILE:
 *
 *   npx tsx bench/battery-gap.ts /tmp/o31.json [/tmp/o7.json …]
 *   BENCH_BATTERY_CANDIDATE="comparison group, ×" npx tsx bench/battery-gap.ts /tmp/o31.json   # another candidate
 *   BENCH_BATTERY_CANDIDATE=… BENCH_BATTERY_SIGMA="σ of the production line's residuals" …  # and its own σ
 *
 * For battery homes with and without panels, by season: the settled rule's points less what the
 * true cut earns, split by where each home-event ends (paid at once, released, held for good, or
 * under the target rule's 10 %); the settled baseline's mean error in kWh (is it biased, or only
 * noisy?); and each candidate's error (RMS and mean) on the same home-events. Then the settled rule
 * again with battery homes with panels on the best of those candidates, once with their σ as it is
 * and once with it scaled by how much smaller that candidate's error is (a diagnostic: it reads the
 * truth, which settlement cannot).
 */

import { truePoints, type Outcome } from './lib/baseline-scoring';
import { canRun, DECISION_141, DECISION_147, WINDOW_MATCHED_RULE, figures, heldPayout, heldSigmaKwh, heldSigmaName, type HeldRule, type Payout } from './lib/held-points-report';
import { stringKnob } from './lib/env';
import { isGaming, readOutcomeDump } from './lib/outcome-dump';

const SETTLED = DECISION_141.baseline!;
const CANDIDATE = stringKnob('BATTERY_CANDIDATE') ?? 'comparison group, additive';
/** The σ candidate to give battery homes with panels with the candidate's baseline (its own spread), in a row of its own. */
const CANDIDATE_SIGMA = stringKnob('BATTERY_SIGMA');

const signed = (x: number, digits = 1) => `${x >= 0 ? '+' : ''}${x.toFixed(digits)}`;
const batteryWithPanels = (o: Outcome) => o.battery === true && o.solar;
const batteryAlone = (o: Outcome) => o.battery === true && !o.solar;

function errors(group: readonly Outcome[], method: string) {
  const known = group.filter((o) => Number.isFinite(o.baseline.get(method) ?? Number.NaN));
  const errs = known.map((o) => o.baseline.get(method)! - o.counterfactualKwh);
  return { n: known.length, rms: Math.sqrt(errs.reduce((s, e) => s + e * e, 0) / known.length), mean: errs.reduce((s, e) => s + e, 0) / known.length };
}

function ways(group: readonly Outcome[], payout: Payout): string {
  const by = new Map<string, { n: number; truth: number; paid: number }>();
  for (const o of group) {
    const way = payout.get(o)!.way;
    const row = by.get(way) ?? { n: 0, truth: 0, paid: 0 };
    row.n += 1;
    row.truth += truePoints(o);
    row.paid += payout.get(o)!.points;
    by.set(way, row);
  }
  return [...by.entries()].map(([way, r]) => `${way} ${r.n} (true ${r.truth}, paid ${r.paid})`).join('; ');
}

/**
 * The home-events with battery homes with panels given the candidate's baseline and, as σ, the
 * settled one scaled (a number) or the named σ candidate with its own day count (a string).
 */
function swapped(outcomes: readonly Outcome[], sigmaOf: number | string): Outcome[] {
  return outcomes.map((o) => {
    if (!batteryWithPanels(o) || o.newMember) return o;
    const baseline = new Map(o.baseline);
    // Without a group of five, the settled baseline stands (as settlement would keep its own row).
    baseline.set(SETTLED, o.baseline.get(CANDIDATE) ?? o.baseline.get(SETTLED) ?? null);
    const name = heldSigmaName(DECISION_141.sigma!, false);
    if (typeof sigmaOf === 'string') {
      if (!o.noise || !(sigmaOf in o.noise)) throw new Error(`the dump has no σ "${sigmaOf}": run the baselines harness again`);
      return { ...o, baseline, noise: { ...o.noise, [name]: o.noise[sigmaOf] ?? null }, noiseDays: { ...o.noiseDays, [name]: o.noiseDays?.[sigmaOf] ?? 0 } };
    }
    const sigma = heldSigmaKwh(o, DECISION_141.sigma);
    return { ...o, baseline, noise: { ...o.noise, [name]: sigma === null ? null : sigma * sigmaOf } };
  });
}

for (const file of process.argv.slice(2)) {
  const dump = readOutcomeDump(file);
  // A dump made before decision 141's baseline took its name (2026-12-01) would read every home as unscored.
  if (!canRun(dump.outcomes, DECISION_141)) throw new Error(`${file} lacks decision 141's baseline or σ: run the baselines harness again with BENCH_OUTCOMES_FILE`);
  const real = dump.outcomes.filter((o) => !o.placebo && !isGaming(o));
  const placebos = dump.outcomes.filter((o) => o.placebo && !isGaming(o));
  const payout = heldPayout(real, SETTLED, DECISION_141);
  const out: string[] = [`Seed ${dump.seed}, ${dump.homeCount} homes: ${real.length} home-events, ${placebos.length} placebo.`];
  for (const [name, includes] of [['battery with panels', batteryWithPanels], ['battery alone', batteryAlone]] as const) {
    for (const season of ['winter', 'summer']) {
      const group = real.filter((o) => includes(o) && o.season === season);
      const f = figures(group, payout);
      const old = group.filter((o) => !o.newMember);
      const cut = old.reduce((s, o) => s + o.counterfactualKwh - o.actualKwh, 0) / old.length;
      const settled = errors(old, SETTLED);
      const sigma = Math.sqrt(old.reduce((s, o) => s + (heldSigmaKwh(o, DECISION_141.sigma) ?? 0) ** 2, 0) / old.length);
      out.push(`- ${name}, ${season}: ${group.length} home-events, points ${signed(f.biasPercent)} %; ${ways(group, payout)}`);
      out.push(`  - not new: mean true cut ${cut.toFixed(3)} kWh, σ (RMS) ${sigma.toFixed(3)} kWh; settled baseline's error mean ${signed(settled.mean, 3)} kWh, RMS ${settled.rms.toFixed(3)} kWh`);
      const ranked = [...dump.methods, ...dump.diagnostics]
        .map((m) => ({ m, ...errors(old, m) }))
        .filter((r) => r.n >= 0.9 * old.length)
        .sort((a, b) => a.rms - b.rms);
      for (const r of ranked.slice(0, 3)) out.push(`  - RMS ${r.rms.toFixed(3)}, mean ${signed(r.mean, 3)} kWh (${r.n}): ${r.m}`);
      const candidate = errors(old, CANDIDATE);
      out.push(`  - RMS ${candidate.rms.toFixed(3)}, mean ${signed(candidate.mean, 3)} kWh (${candidate.n}): ${CANDIDATE}`);
    }
  }
  const old = real.filter((o) => batteryWithPanels(o) && !o.newMember);
  const scale = errors(old, CANDIDATE).rms / errors(old, SETTLED).rms;
  // Each row a held rule, run as it is, or decision 141 with the candidate swapped in under a σ (scaled, or named).
  const rows: { label: string; held: HeldRule; swap: number | string | null }[] = [
    { label: 'decision 141 (settled before decision 147)', held: DECISION_141, swap: null },
    ...[DECISION_147, WINDOW_MATCHED_RULE]
      .filter((held) => canRun(dump.outcomes, held))
      .map((held) => ({ label: held === DECISION_147 ? 'as settled (decision 147)' : `candidate: ${held.label}`, held, swap: null })),
    { label: `battery homes with panels on "${CANDIDATE}", σ as settled`, held: DECISION_141, swap: 1 },
    { label: `battery homes with panels on "${CANDIDATE}", σ × ${scale.toFixed(2)} (the candidate's RMS over the settled one's)`, held: DECISION_141, swap: scale },
    ...(CANDIDATE_SIGMA ? [{ label: `battery homes with panels on "${CANDIDATE}", σ "${CANDIDATE_SIGMA}"`, held: DECISION_141, swap: CANDIDATE_SIGMA }] : []),
  ];
  for (const { label, held, swap } of rows) {
    const events = swap === null ? real : swapped(real, swap);
    const p = heldPayout(events, held.baseline!, held);
    const days = swap === null ? placebos : swapped(placebos, swap);
    const pp = heldPayout(days, held.baseline!, held);
    // Each segment's bias on its real events and the share of its placebo days paid anything.
    const seg = (pick: (o: Outcome) => boolean) => `${signed(figures(events.filter(pick), p).biasPercent)} % (placebo ${(figures(days.filter(pick), pp).paid * 100).toFixed(1)} %)`;
    const all = figures(events, p);
    const season = (name: string) => (o: Outcome) => batteryWithPanels(o) && o.season === name;
    out.push(
      `- ${label}: population ${signed(all.biasPercent)} %, ${(all.within * 100).toFixed(0)} % within, placebo ${(figures(days, pp).paid * 100).toFixed(1)} %; battery with panels ${seg(batteryWithPanels)}: winter ${seg(season('winter'))}, summer ${seg(season('summer'))}; battery ${seg((o) => o.battery === true)}; solar ${seg((o) => o.solar)} (without a battery, summer ${seg((o) => o.solar && o.battery !== true && o.season === 'summer')}); new members ${seg((o) => o.newMember)}`,
    );
  }
  process.stdout.write(`${out.join('\n')}\n\n`);
}
