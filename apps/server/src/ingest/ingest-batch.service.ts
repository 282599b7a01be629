import type { IngestResult } from '@peakwise/contracts/ingest.contract';
import type { Db } from '../db/client';
import { recordLivePowers } from '../modules/live/live-power.repository';
import { storeReadings, type StoreInput } from '../modules/readings/reading-store';
import { updateDevicesSeen, type DeviceSeen } from '../modules/readings/readings.repository';

/**
 * What a device said about itself right now (a state message, a Shelly sample): its relay, its
 * power, or both, as of `at`.
 */
export type DeviceReport = { deviceId: string; at: Date; on?: boolean; powerW?: number };

/** Everything a batch of MQTT messages writes, stored in one transaction. */
export type IngestWrite = {
  readings: StoreInput[];
  reports: DeviceReport[];
  power: { householdId: string; ts: Date; powerW: number }[];
};

export type IngestWriteResult = {
  /** Per `readings` input, in order. */
  readings: IngestResult[];
  /** Per `power` sample, in order: whether it became the household's stored sample. */
  power: boolean[];
};

/**
 * Writes a whole batch in one transaction: it commits entirely or not at all, so the worker can
 * acknowledge every message of the batch after the commit, or none of them.
 */
export async function writeIngestBatch(db: Db, write: IngestWrite, now: Date): Promise<IngestWriteResult> {
  if (write.readings.length === 0 && write.reports.length === 0 && write.power.length === 0) return { readings: [], power: [] };
  return db.transaction(async (tx) => {
    const readings = await storeReadings(tx, write.readings, now);
    await updateDevicesSeen(tx, mergeReports(write.reports));
    const power = await recordLivePowers(tx, write.power, now);
    return { readings, power };
  });
}

/**
 * One state per device (an UPDATE … FROM with two rows for one device would apply an arbitrary
 * one): last seen is the newest report, the relay and the power each the newest report's that
 * carries it.
 */
function mergeReports(reports: readonly DeviceReport[]): DeviceSeen[] {
  const byDevice = new Map<string, DeviceSeen>();
  for (const { deviceId, on, powerW, at } of reports) {
    const ms = at.getTime();
    const state = byDevice.get(deviceId) ?? { id: deviceId, seen: ms };
    state.seen = Math.max(state.seen, ms);
    if (on !== undefined && (state.relayTs === undefined || ms >= state.relayTs)) {
      state.relay = on;
      state.relayTs = ms;
    }
    if (powerW !== undefined && (state.powerTs === undefined || ms >= state.powerTs)) {
      state.power = powerW;
      state.powerTs = ms;
    }
    byDevice.set(deviceId, state);
  }
  return [...byDevice.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
}
