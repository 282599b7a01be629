/**
 * Points rules scored on the harness's population (docs/decisions/102-points-rule-by-measurement.md):
 * every candidate rule with every candidate baseline, judged against what each home's true
 * reduction earns under the same rule.
 */

import { describeRule, type PointsRule } from '../../packages/domain/src/event-points-rule';
import { rulePaid, rulePlaceboPaidShare, ruleTrue, score, scoreRule, type Outcome } from './baseline-scoring';

/** A home with too few days for a noise figure gets a band of this share of its baseline. */
const FALLBACK = 0.25;

export const POINTS_RULES: readonly PointsRule[] = [
  { kind: 'target', targetPercent: 10 },
  { kind: 'target', targetPercent: 15 },
  { kind: 'target', targetPercent: 20 },
  { kind: 'target', targetPercent: 25 },
  { kind: 'target', targetPercent: 30 },
  { kind: 'noise_band', targetPercent: 10, k: 1, fallbackShare: FALLBACK },
  { kind: 'noise_band', targetPercent: 5, k: 1, fallbackShare: FALLBACK },
  { kind: 'noise_band', targetPercent: 5, k: 1.5, fallbackShare: FALLBACK },
  { kind: 'noise_band', targetPercent: 5, k: 2, fallbackShare: FALLBACK },
  { kind: 'noise_band', targetPercent: 10, k: 1.5, fallbackShare: FALLBACK },
  { kind: 'confidence', targetPercent: 10, z: 1, fallbackShare: FALLBACK },
  { kind: 'confidence', targetPercent: 10, z: 1.645, fallbackShare: FALLBACK },
  { kind: 'confidence', targetPercent: 10, z: 2, fallbackShare: FALLBACK },
  { kind: 'confidence', targetPercent: 15, z: 1.645, fallbackShare: FALLBACK },
  { kind: 'min_kwh', targetPercent: 10, minKwh: 0.3 },
  { kind: 'min_kwh', targetPercent: 10, minKwh: 0.5 },
  { kind: 'min_kwh', targetPercent: 15, minKwh: 0.5 },
];

export type RuleRow = { rule: string; method: string; kwhBias: number; pointsBias: number; within: number; placebo: number; paid: number; earned: number; shortfall: number };

export function ruleRows(events: readonly Outcome[], placebos: readonly Outcome[], methods: readonly string[], rules: readonly PointsRule[] = POINTS_RULES): RuleRow[] {
  const kwhBias = new Map(methods.map((m) => [m, score(events, m).biasPercent]));
  const rows: RuleRow[] = [];
  for (const rule of rules) {
    for (const method of methods) {
      const s = scoreRule(events, method, rule);
      const placebo = rulePlaceboPaidShare(placebos, method, rule);
      // Bias is judged on points (what the rule changes); the kWh bias is the baseline's and the same under every rule.
      const shortfall = Math.max(0, Math.abs(s.pointsBiasPercent) - 2) + Math.max(0, 80 - s.withinShare * 100) + Math.max(0, placebo * 100 - 5);
      rows.push({ rule: describeRule(rule), method, kwhBias: kwhBias.get(method)!, pointsBias: s.pointsBiasPercent, within: s.withinShare, placebo, paid: s.pointsPaid, earned: s.pointsTrue, shortfall });
    }
  }
  return rows.sort((a, b) => a.shortfall - b.shortfall);
}

const pct = (x: number, digits = 0) => (Number.isFinite(x) ? `${(x * 100).toFixed(digits)} %` : '–');
const signed = (x: number) => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${x.toFixed(1)} %` : '–');

/** The report's lines: the best combinations, then each rule with the best baseline for it and with the given ones. */
export function ruleReport(events: readonly Outcome[], placebos: readonly Outcome[], gamed: readonly Outcome[], methods: readonly string[], shown: readonly string[]): { lines: string[]; best: RuleRow } {
  const rows = ruleRows(events, placebos, methods);
  const best = rows[0]!;
  const out: string[] = [];
  const header = '| Points rule | Baseline | kWh bias | Points bias | Points within ±20 % (of what the true cut earns under the rule) | Placebo days: paid anything | Mean points paid / earned | Distance to targets (pp) |';
  const line = (r: RuleRow) => `| ${r.rule} | ${r.method} | ${signed(r.kwhBias)} | ${signed(r.pointsBias)} | ${pct(r.within)} | ${pct(r.placebo, 1)} | ${r.paid.toFixed(0)} / ${r.earned.toFixed(0)} | ${r.shortfall.toFixed(1)} |`;
  out.push('Points rules × baselines, the 12 closest to the targets (points bias ±2 %, ≥ 80 % within ±20 %, ≤ 5 % placebo paid).');
  out.push('');
  out.push(header);
  out.push('|---|---|---|---|---|---|---|---|');
  for (const r of rows.slice(0, 12)) out.push(line(r));
  out.push('');
  out.push(`Every rule with ${shown.join(', ')}, and the rule's best baseline when it is another.`);
  out.push('');
  out.push(header);
  out.push('|---|---|---|---|---|---|---|---|');
  for (const rule of [...new Set(rows.map((r) => r.rule))]) {
    const ofRule = rows.filter((r) => r.rule === rule);
    const picked = [...new Set([...shown, ofRule[0]!.method])];
    for (const method of picked) out.push(line(ofRule.find((r) => r.method === method)!));
  }
  out.push('');
  const rule = POINTS_RULES.find((r) => describeRule(r) === best.rule)!;
  out.push(`Closest: ${best.rule} with ${best.method}. At real events, by behaviour (gaming homes included): mean points paid against what the true cut earns under it.`);
  out.push('');
  out.push('| Behaviour (home-events) | Paid | True cut earns |');
  out.push('|---|---|---|');
  for (const behaviour of ['hard', 'little', 'none', 'precondition', 'game_before', 'game_days'] as const) {
    const group = [...events, ...gamed].filter((o) => o.behaviour === behaviour);
    if (group.length === 0) continue;
    const paid = group.reduce((s, o) => s + rulePaid(o, best.method, rule), 0) / group.length;
    const earned = group.reduce((s, o) => s + ruleTrue(o, rule), 0) / group.length;
    out.push(`| ${behaviour} (${group.length}) | ${paid.toFixed(0)} | ${earned.toFixed(0)} |`);
  }
  return { lines: out, best };
}
