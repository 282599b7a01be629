/**
 * Daily health scores, 0–100, one per component and local day (docs/decisions/021-maintenance.md).
 * Each method measures something the telemetry really shows; a day that cannot be judged is
 * `null`, never 0 or 100.
 */

export type HealthStatus = 'operational' | 'warning' | 'critical' | 'unknown';

/** At or above: operational; at or above warning: warning; below: critical. */
export const HEALTH_BANDS = { operational: 90, warning: 75 } as const;

export function healthStatus(healthPct: number | null | undefined): HealthStatus {
  if (typeof healthPct !== 'number' || !Number.isFinite(healthPct)) return 'unknown';
  if (healthPct >= HEALTH_BANDS.operational) return 'operational';
  if (healthPct >= HEALTH_BANDS.warning) return 'warning';
  return 'critical';
}

const clampPct = (v: number) => Math.min(100, Math.max(0, v));

/** Share of the day's expected 5-minute intervals the device reported, in percent. */
export function uptimeHealth(intervals: number, expectedIntervals: number): number | null {
  if (!(expectedIntervals > 0) || !(intervals >= 0)) return null;
  return clampPct((100 * intervals) / expectedIntervals);
}

/**
 * A panel's yield needs some sun to be judged: below 0.2 kWh per rated kW in a day (a dark,
 * snowbound or overcast day) ±5 % differences between panels are noise, not faults.
 */
export const MIN_JUDGED_YIELD_KWH_PER_KW = 0.2;
/** Fewer panels than this have no meaningful median to compare with. */
export const MIN_PEERS = 3;

/**
 * Peer comparison for the panels of one array on one day: each panel's yield (kWh per rated kW)
 * against the median panel's, capped at 100. All panels see the same sun, clouds and snow, so a
 * panel that falls behind its neighbours has its own problem (dirt, a failing cell string).
 */
export function peerYieldHealth(yields: ReadonlyMap<string, number>): Map<string, number> {
  const values = [...yields.values()].filter((v) => Number.isFinite(v) && v >= 0);
  const scores = new Map<string, number>();
  if (values.length < MIN_PEERS) return scores;
  const reference = median(values);
  if (reference < MIN_JUDGED_YIELD_KWH_PER_KW) return scores;
  for (const [id, y] of yields) if (Number.isFinite(y) && y >= 0) scores.set(id, clampPct((100 * y) / reference));
  return scores;
}

/** A component's usual clean level needs at least this many judged days. */
export const MIN_REFERENCE_DAYS = 7;
/** The usual level is the 90th percentile of its judged days: clean, healthy days, not the single best. */
export const REFERENCE_PERCENTILE = 0.9;

/** The component's usual level from its daily measurements (any order); null with too few days. */
export function referenceLevel(dailyValues: readonly number[]): number | null {
  const values = dailyValues.filter((v) => Number.isFinite(v) && v > 0);
  if (values.length < MIN_REFERENCE_DAYS) return null;
  return percentile(values, REFERENCE_PERCENTILE);
}

/** The day's measurement against the usual level, capped at 100. */
export function referenceHealth(value: number | null | undefined, reference: number | null | undefined): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || typeof reference !== 'number' || !(reference > 0)) return null;
  return clampPct((100 * value) / reference);
}

/** Pmax temperature coefficient of crystalline silicon modules (datasheets: −0.35 to −0.40 %/K). */
export const PV_TEMPERATURE_COEFFICIENT_PER_K = -0.0037;
/**
 * Irradiance below which a panel's efficiency is left out of the day: at low light, inverter
 * start-up and the low-light fall-off dominate the figure.
 */
export const MIN_JUDGED_IRRADIANCE_WM2 = 200;
/** A day needs this many judged intervals (half an hour of real sun) to get an array score. */
export const MIN_JUDGED_INTERVALS = 6;

/**
 * Efficiency as it would read at 25 °C: what is left is the sun's prediction against dirt,
 * snow and faults, not the weather's temperature.
 */
export function temperatureCorrectedEfficiency(efficiencyPct: number, cellTempC: number): number {
  return efficiencyPct / (1 + PV_TEMPERATURE_COEFFICIENT_PER_K * (cellTempC - 25));
}

export function median(values: readonly number[]): number {
  return percentile(values, 0.5);
}

/** Linear interpolation between closest ranks (the spreadsheet PERCENTILE.INC). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error('percentile of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const rank = p * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}
