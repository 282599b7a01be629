/**
 * What the demo gateway publishes: simulated intervals as MQTT messages on the documented ingest
 * topics (docs/ingestion.md), and the instantaneous power sample for the live Current Usage.
 */

import { deviceTopic, meterPowerTopic, meterTopic } from '../telemetry/topics';
import type { HouseholdProfile } from './household-profile';
import { simulateInterval, type DeviceReading, type SimulatedInterval } from './household-simulator';
import { channelId, fractalNoise } from './prng';
import { INTERVAL_HOURS } from '@peakwise/domain/time-constants';

export type DemoMessage = { topic: string; payload: string };

const deviceBody = ({ externalId: _id, ...reading }: DeviceReading) => reading;

/**
 * Intervals in bulk (back-fill): one `{ readings: [...] }` message per device and one for the
 * meter, the meter last — so once the meter's newest reading is stored, the worker (which handles
 * a connection's messages in order) has stored the devices' too.
 */
export function batchMessages(householdId: string, intervals: readonly SimulatedInterval[]): DemoMessage[] {
  const byDevice = new Map<string, ReturnType<typeof deviceBody>[]>();
  for (const interval of intervals) {
    for (const reading of interval.devices) {
      const list = byDevice.get(reading.externalId);
      if (list) list.push(deviceBody(reading));
      else byDevice.set(reading.externalId, [deviceBody(reading)]);
    }
  }
  return [
    ...[...byDevice].map(([externalId, readings]) => ({ topic: deviceTopic(householdId, externalId, 'reading'), payload: JSON.stringify({ readings }) })),
    { topic: meterTopic(householdId), payload: JSON.stringify({ readings: intervals.map((i) => i.meter) }) },
  ];
}

/** One live interval: a message per device, then the meter. */
export function intervalMessages(householdId: string, interval: SimulatedInterval): DemoMessage[] {
  return [
    ...interval.devices.map((reading) => ({ topic: deviceTopic(householdId, reading.externalId, 'reading'), payload: JSON.stringify(deviceBody(reading)) })),
    { topic: meterTopic(householdId), payload: JSON.stringify(interval.meter) },
  ];
}

const POWER_NOISE = channelId('demo-live-power');

/**
 * The household's power right now, W: the mean power of the simulated interval containing
 * `simMs`, with a small smooth wobble (±8 %) that is a pure function of seed and wall-clock time,
 * so the dashboard's Current Usage moves between 5-minute readings without a random number.
 */
export function livePowerW(profile: HouseholdProfile, seed: number, simMs: number, wallMs: number, offPlugIds: ReadonlySet<string> = new Set()): number {
  const interval = simulateInterval(profile, new Date(simMs), seed, { offPlugIds });
  const meanW = (interval.meter.consumptionKwh / INTERVAL_HOURS) * 1000;
  // Noise lattice every 40 s: neighbouring 10-second samples differ a little, never jump.
  const wobble = (fractalNoise(seed, POWER_NOISE, wallMs / 40_000) - 0.5) * 0.16;
  return Math.round(Math.max(0, meanW * (1 + wobble)));
}

export function powerMessage(householdId: string, wallMs: number, powerW: number): DemoMessage {
  // Whole seconds: the ingest schema takes any ISO instant with a zone; seconds read better in logs.
  const ts = new Date(Math.floor(wallMs / 1000) * 1000).toISOString();
  return { topic: meterPowerTopic(householdId), payload: JSON.stringify({ ts, powerW }) };
}
