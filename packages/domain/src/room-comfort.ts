import { MINUTE_MS } from './time-constants';

/**
 * Comfort during events, measured (decision 109): each room has a floor (winter) and a ceiling
 * (summer) in °C, and a heating or cooling load on a switchable plug is held off for an event only
 * while the room's own temperature device says the room is on the right side of its limit.
 */

export const COMFORT_MIN_C = 10;
export const COMFORT_MAX_C = 30;
export const DEFAULT_FLOOR_C = 19;
export const DEFAULT_CEILING_C = 26;
/** Limits move in half degrees, as thermostats do; a finer figure would be rounded silently by storage. */
export const COMFORT_STEP_C = 0.5;
/** After a restore, the room must come back this far inside its limit before the load goes off again. */
export const COMFORT_MARGIN_C = 1;
/** A load never goes off again within this long of its previous switch (no flapping). */
export const MIN_SWITCH_GAP_MS = 15 * MINUTE_MS;
/**
 * A temperature device quieter than this during an event is taken as gone: its room's loads are
 * restored. Three missed reports of a Shelly H&T waking every 10 minutes; six of Tasmota's default
 * 5-minute TelePeriod.
 */
export const SENSOR_SILENT_MS = 30 * MINUTE_MS;

export type ComfortLimits = { floorC: number; ceilingC: number };

export const COMFORT_LIMIT_PROBLEMS = ['floor_out_of_range', 'ceiling_out_of_range', 'floor_not_below_ceiling', 'not_half_degree'] as const;
export type ComfortLimitProblem = (typeof COMFORT_LIMIT_PROBLEMS)[number];

/** Every problem with a pair of limits, all at once (empty: valid). */
export function comfortLimitProblems({ floorC, ceilingC }: ComfortLimits): ComfortLimitProblem[] {
  const problems: ComfortLimitProblem[] = [];
  const inRange = (c: number) => Number.isFinite(c) && c >= COMFORT_MIN_C && c <= COMFORT_MAX_C;
  if (!inRange(floorC)) problems.push('floor_out_of_range');
  if (!inRange(ceilingC)) problems.push('ceiling_out_of_range');
  if (!(floorC < ceilingC)) problems.push('floor_not_below_ceiling');
  if (![floorC, ceilingC].every((c) => Number.isInteger(c / COMFORT_STEP_C))) problems.push('not_half_degree');
  return problems;
}

/** A baseboard heater keeps a room above its floor; an air conditioner keeps it below its ceiling. */
export type ComfortLoad = 'heating' | 'cooling';
export const COMFORT_LOADS = ['heating', 'cooling'] as const satisfies readonly ComfortLoad[];

/** The room's newest temperature and when it was measured; null when the room has no temperature device. */
export type RoomReading = { temperatureC: number; atMs: number } | null;

export type ComfortInput = {
  load: ComfortLoad;
  limits: ComfortLimits;
  /** Whether the event holds the load off right now. */
  heldOff: boolean;
  /** When the event last switched it (off or back on); null before its first switch. */
  lastSwitchAtMs: number | null;
  reading: RoomReading;
  nowMs: number;
};

export type ComfortReason =
  /** No temperature device in the room: never switched ("not automated: add a temperature sensor"). */
  | 'no_sensor'
  /** The room's device has not reported for SENSOR_SILENT_MS: fail safe. */
  | 'sensor_silent'
  /** The room is past its limit (below the floor, above the ceiling). */
  | 'crossed_limit'
  /** The room is on the right side of its limit. */
  | 'within_limit'
  /** After a restore, back inside the limit by the margin. */
  | 'recovered'
  /** After a restore, not yet back inside by the margin. */
  | 'not_recovered'
  /** Recovered, but the last switch was less than MIN_SWITCH_GAP_MS ago. */
  | 'too_soon';

export type ComfortDecision = { action: 'switch_off' | 'restore' | 'stay'; reason: ComfortReason };

/** How far the room is past its limit, for its load (positive: crossed). */
function pastLimitC(load: ComfortLoad, limits: ComfortLimits, temperatureC: number): number {
  const past = load === 'heating' ? limits.floorC - temperatureC : temperatureC - limits.ceilingC;
  // Hundredths: 26 − 25.1 must read as 0.9, not 0.8999…, so a reading exactly at the margin counts.
  return Math.round(past * 100) / 100;
}

/**
 * What to do with one comfort load at one check. Restores are never held back: comfort and the
 * fail safe come first. Switching off again waits for the margin and for MIN_SWITCH_GAP_MS since
 * the last switch either way, so the load goes off at most once in any 15 minutes.
 */
export function decideComfort({ load, limits, heldOff, lastSwitchAtMs, reading, nowMs }: ComfortInput): ComfortDecision {
  if (reading === null) return { action: heldOff ? 'restore' : 'stay', reason: 'no_sensor' };
  if (nowMs - reading.atMs > SENSOR_SILENT_MS) return { action: heldOff ? 'restore' : 'stay', reason: 'sensor_silent' };
  const past = pastLimitC(load, limits, reading.temperatureC);
  // A room exactly at its limit is still on the right side.
  if (past > 0) return { action: heldOff ? 'restore' : 'stay', reason: 'crossed_limit' };
  if (heldOff) return { action: 'stay', reason: 'within_limit' };
  // Never switched in this event: the room is on the right side, so the load goes off.
  if (lastSwitchAtMs === null) return { action: 'switch_off', reason: 'within_limit' };
  if (past > -COMFORT_MARGIN_C) return { action: 'stay', reason: 'not_recovered' };
  if (nowMs - lastSwitchAtMs < MIN_SWITCH_GAP_MS) return { action: 'stay', reason: 'too_soon' };
  return { action: 'switch_off', reason: 'recovered' };
}
