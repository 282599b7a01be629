import { MAX_CLOCK_OFFSET_MS } from '@peakwise/contracts/test-clock.contract';

/**
 * The server process's one notion of "now" (decision 050). Real time unless a test or a demo has
 * moved it forward: every time-based step of an event (its start, end, reminder, settlement,
 * the scorecard, the opt-in cut-off) reads this, so a browser journey can run an event through
 * to settlement in minutes instead of hours.
 */
export type Clock = {
  now(): Date;
  /** How far ahead of real time this clock runs, in milliseconds (never behind it). */
  offsetMs(): number;
};

/** A clock a test may move: only built when the test-clock setting is on, never in production. */
export type AdjustableClock = Clock & {
  /** Sets how far ahead of real time the clock runs; 0 returns it to real time. */
  setOffsetMs(offsetMs: number): void;
};

export function isValidClockOffset(offsetMs: number): boolean {
  return Number.isSafeInteger(offsetMs) && offsetMs >= 0 && offsetMs <= MAX_CLOCK_OFFSET_MS;
}

export function createClock(options: { offsetMs?: number; realNow?: () => number } = {}): AdjustableClock {
  const realNow = options.realNow ?? Date.now;
  let offset = options.offsetMs ?? 0;
  if (!isValidClockOffset(offset)) throw new RangeError(`Clock offset must be a whole number of milliseconds from 0 to ${MAX_CLOCK_OFFSET_MS}`);
  return {
    now: () => new Date(realNow() + offset),
    offsetMs: () => offset,
    setOffsetMs(offsetMs) {
      if (!isValidClockOffset(offsetMs)) throw new RangeError(`Clock offset must be a whole number of milliseconds from 0 to ${MAX_CLOCK_OFFSET_MS}`);
      offset = offsetMs;
    },
  };
}

