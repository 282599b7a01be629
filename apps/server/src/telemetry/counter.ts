import { DEVICE_MAX_POWER_W, INGEST_REASON_MESSAGES } from '@peakwise/contracts/ingest.contract';
import { INTERVAL_MS } from '@peakwise/domain/time-constants';

/**
 * Smart plugs report a cumulative energy total, not interval energy. This turns two consecutive
 * totals into the energy of the interval between them, without ever inventing a spike: a counter
 * that goes backwards (the plug rebooted and restarted from zero) or leaps further than the
 * device could draw becomes a new baseline and a missing interval, never a negative or huge one.
 */

/** A device's cumulative total at an instant (a 5-minute boundary, see validate-readings). */
export type CounterSnapshot = { ts: Date; counterKwh: number };

export type CounterStep =
  /** First total seen for the device: nothing to subtract from yet. Store it as the baseline. */
  | { kind: 'baseline' }
  /** Exactly one interval since the previous total: its energy is known. */
  | { kind: 'interval'; start: Date; energyKwh: number }
  /**
   * Several intervals since the previous total (the plug was silent). How the energy spread
   * across them is unknown, so they stay missing. If energyKwh is 0 the counter did not move
   * and every interval in the gap is a known zero.
   */
  | { kind: 'gap'; start: Date; end: Date; intervals: number; energyKwh: number }
  /** Not continuous with the stored total: store the new one as the baseline; the interval is missing. */
  | { kind: 'refused'; reason: 'counter_reset' | 'counter_jump'; message: string }
  /** Not newer than the stored total (a redelivery or a late message): change nothing. */
  | { kind: 'stale' };

/**
 * Shelly reports the total in Wh with three decimals; float division and the plug's own rounding
 * can move it back by a hair. Less than 1 Wh backwards is read as "no energy", not a reboot.
 */
export const COUNTER_JITTER_KWH = 0.001;

/**
 * @param previous the stored total with the latest ts before `current`, or null if none
 * @param maxPowerW the device's ceiling; a rise implying more is a corrupt counter
 */
export function counterToInterval(
  previous: CounterSnapshot | null,
  current: CounterSnapshot,
  maxPowerW: number = DEVICE_MAX_POWER_W,
): CounterStep {
  if (previous === null) return { kind: 'baseline' };
  const elapsedMs = current.ts.getTime() - previous.ts.getTime();
  if (elapsedMs <= 0) return { kind: 'stale' };

  const delta = current.counterKwh - previous.counterKwh;
  if (delta < -COUNTER_JITTER_KWH) {
    return { kind: 'refused', reason: 'counter_reset', message: INGEST_REASON_MESSAGES.counter_reset };
  }
  // Rounded to 1 mWh, the resolution plugs report in: 10.8 − 10 should be 0.8, not 0.8000000000000007.
  const energyKwh = Math.round(Math.max(0, delta) * 1e6) / 1e6;
  const ceilingKwh = (maxPowerW / 1000) * (elapsedMs / 3_600_000);
  if (energyKwh > ceilingKwh + COUNTER_JITTER_KWH) {
    return { kind: 'refused', reason: 'counter_jump', message: INGEST_REASON_MESSAGES.counter_jump };
  }

  const intervals = Math.round(elapsedMs / INTERVAL_MS);
  if (intervals <= 1) return { kind: 'interval', start: previous.ts, energyKwh };
  return { kind: 'gap', start: previous.ts, end: current.ts, intervals, energyKwh };
}
