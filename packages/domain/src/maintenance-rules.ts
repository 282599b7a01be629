/**
 * The alert rules (docs/decisions/021-maintenance.md). Each rule looks at one component's stored
 * data and answers fire (with priority and metric), clear (the cause is gone: an open alert
 * resolves itself) or unknown (not enough data to say either: an open alert stays as it is).
 */

import { HEALTH_BANDS } from './maintenance-health';
import type { MaintenanceTask } from './maintenance-catalogue';
import { linearFit } from './linear-trend';
import { daysBetween, type LocalDate } from './local-time';

export const ALERT_TYPES = ['predictive', 'preventive', 'cleaning', 'quality', 'leak'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
export const ALERT_PRIORITIES = ['high', 'medium', 'low'] as const;
export type AlertPriority = (typeof ALERT_PRIORITIES)[number];
export const ALERT_CAUSES = ['health_decline', 'maintenance_due', 'panel_soiling', 'array_soiling', 'cycling', 'resolution', 'night_flow'] as const;
export type AlertCause = (typeof ALERT_CAUSES)[number];
export const ALERT_METRIC_KINDS = ['degradation_pct', 'days_until_due', 'hours_to_clean', 'times_per_day', 'resolution_p', 'litres_per_hour'] as const;
export type AlertMetricKind = (typeof ALERT_METRIC_KINDS)[number];

export type AlertFinding = {
  type: AlertType;
  cause: AlertCause;
  priority: AlertPriority;
  metric: { kind: AlertMetricKind; value: number };
  params: Record<string, number | string>;
};
export type RuleOutcome = { state: 'fire'; finding: AlertFinding } | { state: 'clear' } | { state: 'unknown' };

const CLEAR: RuleOutcome = { state: 'clear' };
const UNKNOWN: RuleOutcome = { state: 'unknown' };
const round1 = (v: number) => Math.round(v * 10) / 10;
const fire = (finding: AlertFinding): RuleOutcome => ({ state: 'fire', finding });

// ---------- predictive ----------

/** The trend looks at the last 30 days of health. */
export const TREND_WINDOW_DAYS = 30;
/** A trend needs this many scored days in the window… */
export const TREND_MIN_DAYS = 10;
/** …falling at least this fast (health points per day; 1.5 points a month)… */
export const TREND_MIN_SLOPE = -0.05;
/** …and steadily: a straight line explains at least half the day-to-day variation. */
export const TREND_MIN_R2 = 0.5;

export type DailyHealth = { date: LocalDate; healthPct: number | null };

/**
 * Predictive: health has been falling steadily over the window. The metric is the decline over
 * the window as a share of where it started; the priority is how soon the trend reaches the
 * critical band (within 30 days high, 90 medium, later low).
 */
export function predictiveRule(history: readonly DailyHealth[], today: LocalDate): RuleOutcome {
  const points = history
    .filter((h): h is { date: LocalDate; healthPct: number } => h.healthPct !== null && Number.isFinite(h.healthPct))
    .map((h) => ({ x: daysBetween(today, h.date), y: h.healthPct }))
    .filter((p) => p.x < 0 && p.x >= -TREND_WINDOW_DAYS);
  if (points.length < TREND_MIN_DAYS) return UNKNOWN;
  const fit = linearFit(points);
  if (!fit) return UNKNOWN;
  if (fit.slope > TREND_MIN_SLOPE || fit.r2 < TREND_MIN_R2) return CLEAR;
  const start = fit.intercept + fit.slope * -TREND_WINDOW_DAYS;
  const end = fit.intercept + fit.slope * -1;
  if (!(start > 0)) return UNKNOWN;
  const daysToCritical = (end - HEALTH_BANDS.warning) / -fit.slope;
  const priority: AlertPriority = daysToCritical <= 30 ? 'high' : daysToCritical <= 90 ? 'medium' : 'low';
  return fire({
    type: 'predictive',
    cause: 'health_decline',
    priority,
    metric: { kind: 'degradation_pct', value: round1((100 * (start - end)) / start) },
    params: { windowDays: TREND_WINDOW_DAYS, healthPct: round1(Math.min(100, end)), daysToCritical: Math.max(0, Math.round(daysToCritical)) },
  });
}

// ---------- preventive ----------

/** Routine maintenance shows up this many days before it is due. */
export const PREVENTIVE_NOTICE_DAYS = 14;

export type NextMaintenance = { date: LocalDate | null; source: 'interval' | 'scheduled' | null; task: MaintenanceTask };

/**
 * Preventive: routine maintenance is near or past. A date the member scheduled is already
 * planned, so it only alerts once it has passed without being marked done.
 */
export function preventiveRule(next: NextMaintenance, today: LocalDate): RuleOutcome {
  if (next.date === null) return CLEAR;
  const days = daysBetween(today, next.date);
  if (days >= 0 && (next.source === 'scheduled' || days > PREVENTIVE_NOTICE_DAYS)) return CLEAR;
  const priority: AlertPriority = days < 0 ? 'high' : days <= 7 ? 'medium' : 'low';
  return fire({
    type: 'preventive',
    cause: 'maintenance_due',
    priority,
    metric: { kind: 'days_until_due', value: days },
    params: { task: next.task, dueDate: next.date },
  });
}

// ---------- cleaning ----------

/** Cleaning looks at the mean of the last scored days (at most this many, within a week). */
export const CLEANING_DAYS = 3;
/** A panel 5 % or more behind its neighbours has dirt on it (or worse). */
export const PANEL_CLEANING_HEALTH = 95;
/** An array more than 10 % below what the sun predicted is dirty or under snow. */
export const ARRAY_CLEANING_HEALTH = 90;
/** Ladder, set-up and rinse for one panel; each further panel adds a quarter hour. */
export const CLEAN_SETUP_HOURS = 0.5;
export const CLEAN_HOURS_PER_PANEL = 0.25;

export function hoursToClean(panels: number): number {
  return CLEAN_SETUP_HOURS + CLEAN_HOURS_PER_PANEL * Math.max(1, panels);
}

function recentMean(recent: readonly (number | null)[]): number | null {
  const known = recent.filter((v): v is number => v !== null && Number.isFinite(v)).slice(-CLEANING_DAYS);
  return known.length === 0 ? null : known.reduce((s, v) => s + v, 0) / known.length;
}

/**
 * One panel behind its neighbours under the same sun (peer health, the last scored days of the
 * past week). A steady decline is the predictive rule's, so it does not also ask for cleaning.
 */
export function panelCleaningRule(recentHealth: readonly (number | null)[], decliningSteadily: boolean): RuleOutcome {
  const mean = recentMean(recentHealth);
  if (mean === null) return UNKNOWN;
  if (mean > PANEL_CLEANING_HEALTH || decliningSteadily) return CLEAR;
  const shortfall = 100 - mean;
  return fire({
    type: 'cleaning',
    cause: 'panel_soiling',
    priority: shortfall >= 15 ? 'high' : shortfall >= 8 ? 'medium' : 'low',
    metric: { kind: 'hours_to_clean', value: hoursToClean(1) },
    params: { shortfallPct: round1(shortfall) },
  });
}

/** The whole array below what the sun predicted: snow or dirt on every panel. */
export function arrayCleaningRule(recentHealth: readonly (number | null)[], panelCount: number): RuleOutcome {
  const mean = recentMean(recentHealth);
  if (mean === null) return UNKNOWN;
  if (mean >= ARRAY_CLEANING_HEALTH) return CLEAR;
  const shortfall = 100 - mean;
  return fire({
    type: 'cleaning',
    cause: 'array_soiling',
    priority: shortfall >= 30 ? 'high' : shortfall >= 15 ? 'medium' : 'low',
    metric: { kind: 'hours_to_clean', value: hoursToClean(panelCount) },
    params: { shortfallPct: round1(shortfall), panels: panelCount },
  });
}

// ---------- quality ----------

/** Cycling is judged against the median of this many earlier days… */
export const CYCLING_MIN_USUAL_DAYS = 7;
/** …and alerts at four times the usual count and at least 20 more a day (rain alone can triple a sump pump's). */
export const CYCLING_FACTOR = 4;
export const CYCLING_MIN_EXTRA = 20;

/** A pump or compressor switching on far more often than usual (a stuck float, a failing check valve). */
export function cyclingRule(last24h: number | null, usualDaily: readonly number[]): RuleOutcome {
  const usualDays = usualDaily.filter((v) => Number.isFinite(v) && v >= 0);
  if (last24h === null || usualDays.length < CYCLING_MIN_USUAL_DAYS) return UNKNOWN;
  const sorted = [...usualDays].sort((a, b) => a - b);
  const usual = sorted[Math.floor((sorted.length - 1) / 2)]!;
  if (last24h < Math.max(CYCLING_FACTOR * usual, usual + CYCLING_MIN_EXTRA)) return CLEAR;
  const ratio = usual > 0 ? last24h / usual : Infinity;
  return fire({
    type: 'quality',
    cause: 'cycling',
    priority: ratio >= 8 ? 'high' : ratio >= 6 ? 'medium' : 'low',
    metric: { kind: 'times_per_day', value: Math.round(last24h) },
    params: { usualPerDay: Math.round(usual) },
  });
}

/** A camera streaming below its usual resolution (weak Wi-Fi, a failing sensor). */
export function resolutionRule(currentP: number | null, usualP: number | null): RuleOutcome {
  if (currentP === null || usualP === null) return UNKNOWN;
  if (currentP >= usualP) return CLEAR;
  return fire({
    type: 'quality',
    cause: 'resolution',
    priority: currentP <= 480 ? 'high' : currentP <= 720 ? 'medium' : 'low',
    metric: { kind: 'resolution_p', value: currentP },
    params: { usualP },
  });
}

// ---------- leak ----------

/**
 * Water flowed through every interval of the night (plumbing-metrics nightLeakStatus). The
 * metric is the night's minimum flow per hour: what leaks even when nothing runs.
 */
export function leakRule(status: 'leak' | 'ok' | 'unknown', minLitresPerInterval: number | null, night: LocalDate | null): RuleOutcome {
  if (status === 'unknown') return UNKNOWN;
  if (status === 'ok') return CLEAR;
  const perHour = round1((minLitresPerInterval ?? 0) * 12);
  return fire({
    type: 'leak',
    cause: 'night_flow',
    priority: perHour >= 10 ? 'high' : perHour >= 2 ? 'medium' : 'low',
    metric: { kind: 'litres_per_hour', value: perHour },
    params: night === null ? {} : { night },
  });
}

const PRIORITY_RANK: Record<AlertPriority, number> = { high: 0, medium: 1, low: 2 };

type OrderedAlert = { id: string; priority: AlertPriority; detectedAt: string };
const byPriority = (a: OrderedAlert, b: OrderedAlert) => PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority];
const byNewest = (a: OrderedAlert, b: OrderedAlert) => b.detectedAt.localeCompare(a.detectedAt);
// One evaluation finds many alerts at the same instant: the id keeps every reload in one order.
const byId = (a: OrderedAlert, b: OrderedAlert) => a.id.localeCompare(b.id);

/** The Maintenance list: highest priority first, then the newest. */
export function compareAlerts(a: OrderedAlert, b: OrderedAlert): number {
  return byPriority(a, b) || byNewest(a, b) || byId(a, b);
}

/** The Dashboard's Recent Alerts: the newest first; of those found together, the most urgent. */
export function compareRecentAlerts(a: OrderedAlert, b: OrderedAlert): number {
  return byNewest(a, b) || byPriority(a, b) || byId(a, b);
}
