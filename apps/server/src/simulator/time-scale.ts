/**
 * Demo time acceleration: map wall-clock time to simulated time at a speed factor (60× shows an
 * hour of household life per minute). Pure arithmetic, so the transport can ask "which intervals
 * are due now?" without keeping its own clock state.
 */

import { INTERVAL_MS } from '@peakwise/domain/time-constants';

export interface TimeScale {
  /** Wall-clock instant (ms) at which simulated time equals `simEpochMs`. */
  wallEpochMs: number;
  simEpochMs: number;
  /** Simulated milliseconds per wall-clock millisecond; 1 = real time. */
  speed: number;
}

export function createTimeScale(wallEpochMs: number, simEpochMs: number, speed: number): TimeScale {
  if (!Number.isFinite(speed) || speed <= 0) throw new RangeError(`Time-scale speed must be a positive number, got ${speed}`);
  return { wallEpochMs, simEpochMs, speed };
}

export function toSimulatedTime(scale: TimeScale, wallMs: number): number {
  return scale.simEpochMs + (wallMs - scale.wallEpochMs) * scale.speed;
}

export function toWallClockTime(scale: TimeScale, simMs: number): number {
  return scale.wallEpochMs + (simMs - scale.simEpochMs) / scale.speed;
}

/**
 * Starts of the intervals that have completed in simulated time since `lastEmittedStartMs`
 * (exclusive) up to the simulated instant `simNowMs`: an interval is only due once it has ended.
 */
export function dueIntervalStarts(lastEmittedStartMs: number, simNowMs: number): number[] {
  const starts: number[] = [];
  const lastComplete = Math.floor(simNowMs / INTERVAL_MS) * INTERVAL_MS - INTERVAL_MS;
  for (let t = Math.floor(lastEmittedStartMs / INTERVAL_MS) * INTERVAL_MS + INTERVAL_MS; t <= lastComplete; t += INTERVAL_MS) {
    starts.push(t);
  }
  return starts;
}
