import { describe, expect, it } from 'vitest';
import { addDays } from './local-time';
import {
  arrayCleaningRule,
  compareAlerts,
  compareRecentAlerts,
  cyclingRule,
  hoursToClean,
  leakRule,
  panelCleaningRule,
  predictiveRule,
  preventiveRule,
  resolutionRule,
  type DailyHealth,
} from './maintenance-rules';

const today = '2026-11-22';
/** Health on each of the `days` days before today, oldest first, from f(daysAgo). */
const history = (days: number, f: (daysAgo: number) => number | null): DailyHealth[] =>
  Array.from({ length: days }, (_, i) => {
    const daysAgo = days - i;
    return { date: addDays(today, -daysAgo), healthPct: f(daysAgo) };
  });

describe('predictive rule (downward health trend)', () => {
  it('fires on a steady decline, with the decline over 30 days as degradation %', () => {
    // Falls 0.2 a day: 99.8 thirty days ago, 94 yesterday.
    const outcome = predictiveRule(history(30, (ago) => 94 + 0.2 * (ago - 1)), today);
    expect(outcome.state).toBe('fire');
    if (outcome.state !== 'fire') return;
    // Fitted 99.8 at 30 days ago, 94 yesterday: (99.8 − 94) ÷ 99.8 = 5.81 %.
    expect(outcome.finding.metric).toEqual({ kind: 'degradation_pct', value: 5.8 });
    expect(outcome.finding).toMatchObject({ type: 'predictive', cause: 'health_decline' });
    // 94 → 75 at 0.2 a day is 95 days away: low.
    expect(outcome.finding.priority).toBe('low');
    expect(outcome.finding.params).toMatchObject({ healthPct: 94, daysToCritical: 95 });
  });

  it('ranks by how soon the trend reaches critical (below 75)', () => {
    const at = (end: number, slope: number) => predictiveRule(history(30, (ago) => end + slope * (ago - 1)), today);
    const priority = (o: ReturnType<typeof predictiveRule>) => (o.state === 'fire' ? o.finding.priority : o.state);
    expect(priority(at(80, 0.5))).toBe('high'); // 10 days away
    expect(priority(at(85, 0.2))).toBe('medium'); // 50 days away
    expect(priority(at(74, 0.1))).toBe('high'); // already critical
  });

  it('does not fire on a flat, rising or noisy series, nor on a slope just above the threshold', () => {
    expect(predictiveRule(history(30, () => 97), today).state).toBe('clear');
    expect(predictiveRule(history(30, (ago) => 90 - 0.2 * ago), today).state).toBe('clear');
    expect(predictiveRule(history(30, (ago) => 95 + 0.04 * ago), today).state).toBe('clear');
    // The same faint decline fires when steady, not when ±4 noise hides it (r² < 0.5).
    expect(predictiveRule(history(30, (ago) => 95 + 0.06 * ago), today).state).toBe('fire');
    expect(predictiveRule(history(30, (ago) => 95 + 0.06 * ago + (ago % 2 === 0 ? 4 : -4)), today).state).toBe('clear');
  });

  it('is unknown with fewer than 10 scored days, and ignores days outside the window', () => {
    expect(predictiveRule(history(30, (ago) => (ago <= 9 ? 90 + ago : null)), today).state).toBe('unknown');
    expect(predictiveRule(history(60, (ago) => (ago > 30 ? 100 - ago : 97)), today).state).toBe('clear');
  });
});

describe('preventive rule (due date approaching or passed)', () => {
  const due = (inDays: number, source: 'interval' | 'scheduled' = 'interval') =>
    preventiveRule({ date: addDays(today, inDays), source, task: 'replace_hvac_filter' }, today);

  it('fires from 14 days ahead, with days until due as its metric', () => {
    const outcome = due(14);
    expect(outcome).toEqual({
      state: 'fire',
      finding: { type: 'preventive', cause: 'maintenance_due', priority: 'low', metric: { kind: 'days_until_due', value: 14 }, params: { task: 'replace_hvac_filter', dueDate: '2026-12-06' } },
    });
    expect(due(15).state).toBe('clear');
  });

  it('is medium within a week, high once overdue', () => {
    expect(due(8)).toMatchObject({ finding: { priority: 'low' } });
    expect(due(7)).toMatchObject({ finding: { priority: 'medium' } });
    expect(due(0)).toMatchObject({ finding: { priority: 'medium' } });
    expect(due(-1)).toMatchObject({ finding: { priority: 'high', metric: { value: -1 } } });
  });

  it('a date the member scheduled alerts only once it has passed', () => {
    expect(due(3, 'scheduled').state).toBe('clear');
    expect(due(0, 'scheduled').state).toBe('clear');
    expect(due(-2, 'scheduled')).toMatchObject({ state: 'fire', finding: { priority: 'high' } });
  });

  it('clears when nothing is due', () => {
    expect(preventiveRule({ date: null, source: null, task: 'clean_panel' }, today).state).toBe('clear');
  });
});

describe('cleaning rules (output below what the sun predicted)', () => {
  it('a panel at 92 % of its neighbours needs cleaning: medium, half an hour plus a quarter', () => {
    expect(panelCleaningRule([93, 91, 92], false)).toEqual({
      state: 'fire',
      finding: { type: 'cleaning', cause: 'panel_soiling', priority: 'medium', metric: { kind: 'hours_to_clean', value: 0.75 }, params: { shortfallPct: 8 } },
    });
  });

  it('uses only the last three scored days and stops at 95 %', () => {
    expect(panelCleaningRule([80, 95, 95, 95], false).state).toBe('fire');
    expect(panelCleaningRule([80, 96, 95, 96], false).state).toBe('clear');
    expect(panelCleaningRule([null, null], false).state).toBe('unknown');
  });

  it('leaves a steadily declining panel to the predictive rule', () => {
    expect(panelCleaningRule([90, 89, 88], true).state).toBe('clear');
  });

  it('the array under snow: high priority, time for every panel', () => {
    const outcome = arrayCleaningRule([40, 55, 70], 16);
    expect(outcome).toMatchObject({ state: 'fire', finding: { cause: 'array_soiling', priority: 'high', metric: { kind: 'hours_to_clean', value: 4.5 }, params: { shortfallPct: 45, panels: 16 } } });
    expect(arrayCleaningRule([90, 90, 90], 16).state).toBe('clear');
    expect(arrayCleaningRule([89.9, 90, 90], 16)).toMatchObject({ finding: { priority: 'low' } });
    expect(hoursToClean(1)).toBe(0.75);
  });
});

describe('quality rules', () => {
  const usual = [6, 7, 5, 8, 6, 6, 7];
  it('cycling fires at four times the usual and at least 20 more, in times/day', () => {
    // Usual (median) 6: the bar is max(24, 26) = 26.
    expect(cyclingRule(26, usual)).toMatchObject({ state: 'fire', finding: { type: 'quality', cause: 'cycling', priority: 'low', metric: { kind: 'times_per_day', value: 26 }, params: { usualPerDay: 6 } } });
    expect(cyclingRule(25, usual).state).toBe('clear');
    expect(cyclingRule(48, usual)).toMatchObject({ finding: { priority: 'high' } });
    expect(cyclingRule(40, usual.slice(0, 6)).state).toBe('unknown');
  });

  it('resolution fires below the usual, in p', () => {
    expect(resolutionRule(720, 1080)).toMatchObject({ state: 'fire', finding: { cause: 'resolution', priority: 'medium', metric: { kind: 'resolution_p', value: 720 }, params: { usualP: 1080 } } });
    expect(resolutionRule(480, 1080)).toMatchObject({ finding: { priority: 'high' } });
    expect(resolutionRule(1080, 1080).state).toBe('clear');
    expect(resolutionRule(null, 1080).state).toBe('unknown');
  });
});

describe('leak rule', () => {
  it('fires on a leaking night with the minimum flow per hour', () => {
    expect(leakRule('leak', 0.1, '2026-11-22')).toEqual({
      state: 'fire',
      finding: { type: 'leak', cause: 'night_flow', priority: 'low', metric: { kind: 'litres_per_hour', value: 1.2 }, params: { night: '2026-11-22' } },
    });
    expect(leakRule('leak', 1, null)).toMatchObject({ finding: { priority: 'high', metric: { value: 12 } } });
    expect(leakRule('ok', null, '2026-11-22').state).toBe('clear');
    expect(leakRule('unknown', null, null).state).toBe('unknown');
  });
});

it('orders alerts by priority, then newest first', () => {
  const alerts = [
    { id: 'a', priority: 'low' as const, detectedAt: '2026-11-22T10:00:00Z' },
    { id: 'b', priority: 'high' as const, detectedAt: '2026-11-20T10:00:00Z' },
    { id: 'c', priority: 'high' as const, detectedAt: '2026-11-21T10:00:00Z' },
    { id: 'd', priority: 'medium' as const, detectedAt: '2026-11-22T09:00:00Z' },
  ];
  expect([...alerts].sort(compareAlerts).map((a) => a.id)).toEqual(['c', 'b', 'd', 'a']);
});

describe('alerts found together (one evaluation, one instant)', () => {
  const at = '2026-11-22T10:00:00Z';
  const alerts = [
    { id: 'p7', priority: 'medium' as const, detectedAt: at },
    { id: 'wm', priority: 'low' as const, detectedAt: at },
    { id: 'leak', priority: 'medium' as const, detectedAt: at },
    { id: 'old', priority: 'high' as const, detectedAt: '2026-11-21T10:00:00Z' },
    { id: 'sump', priority: 'high' as const, detectedAt: at },
  ];
  // Every arrival order gives the same list, so a reload never reshuffles it.
  const arrivals = [alerts, [...alerts].reverse(), [alerts[2]!, alerts[4]!, alerts[0]!, alerts[3]!, alerts[1]!]];

  it('Recent Alerts: the newest first, then the most urgent, then by id', () => {
    for (const arrival of arrivals) expect([...arrival].sort(compareRecentAlerts).map((a) => a.id)).toEqual(['sump', 'leak', 'p7', 'wm', 'old']);
  });

  it('the Maintenance list: the most urgent first, then the newest, then by id', () => {
    for (const arrival of arrivals) expect([...arrival].sort(compareAlerts).map((a) => a.id)).toEqual(['sump', 'old', 'leak', 'p7', 'wm']);
  });
});
