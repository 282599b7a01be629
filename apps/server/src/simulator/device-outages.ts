/**
 * Devices drop off the network now and then (Wi-Fi trouble, a tripped breaker, a reboot), and
 * a device that is off the network sends nothing: its readings are simply missing, which is
 * what the maintenance screen's MTBF and MTTR are computed from. Each UTC day a device has
 * `perDay` odds of one outage, starting at a drawn minute and lasting 15 minutes to `maxHours`.
 */

import { channelId, unitHash } from './prng';
import { DAY_MS } from '@peakwise/domain/time-constants';

export type OutageSpec = { perDay: number; maxHours: number };

const CH_OUTAGE = channelId('device.outage');
const CH_OUTAGE_START = channelId('device.outage-start');
const CH_OUTAGE_LENGTH = channelId('device.outage-length');
const MIN_OUTAGE_MS = 15 * 60_000;

/** The outage drawn for a device on a UTC day, as [start, end) in ms, or null. */
export function outageOn(seed: number, deviceId: string, spec: OutageSpec, dayNumber: number): { start: number; end: number } | null {
  const device = channelId(deviceId);
  if (unitHash(seed, CH_OUTAGE, dayNumber, device) >= spec.perDay) return null;
  const start = dayNumber * DAY_MS + Math.floor(unitHash(seed, CH_OUTAGE_START, dayNumber, device) * DAY_MS);
  const length = MIN_OUTAGE_MS + unitHash(seed, CH_OUTAGE_LENGTH, dayNumber, device) * (spec.maxHours * 3_600_000 - MIN_OUTAGE_MS);
  return { start, end: start + length };
}

/** Whether the interval starting at `ms` falls inside an outage (one that began yesterday may run past midnight). */
export function isOffline(seed: number, deviceId: string, spec: OutageSpec | undefined, ms: number): boolean {
  if (!spec) return false;
  const day = Math.floor(ms / DAY_MS);
  for (const d of [day, day - 1]) {
    const outage = outageOn(seed, deviceId, spec, d);
    if (outage && ms >= outage.start && ms < outage.end) return true;
  }
  return false;
}
