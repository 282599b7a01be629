import type { MethodResult } from './event-baseline-methods';

/**
 * The baseline chosen by measurement (docs/decisions/096-event-baseline-by-measurement.md): the mean
 * of the household's weather regression and its matched comparison group, whose errors lean
 * opposite ways; where only one has a baseline (a new member has no regression), that one.
 */
export function combinedBaseline(regression: MethodResult, comparison: MethodResult): MethodResult {
  if (regression.ok && comparison.ok) {
    const days = [...new Set([...regression.days, ...comparison.days])].sort().reverse();
    return { ok: true, kwh: (regression.kwh + comparison.kwh) / 2, days };
  }
  if (regression.ok) return regression;
  if (comparison.ok) return comparison;
  return { ok: false, reason: 'insufficient_history', days: comparison.days.length > 0 ? comparison.days : regression.days };
}
