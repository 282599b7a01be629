import type { IngestResult } from '@peakwise/contracts/ingest.contract';
import type { Db } from '../db/client';
import { recordLivePowers } from '../modules/live/live-power.repository';
import { storeReadings, type StoreInput } from '../modules/readings/reading-store';
import { updateDevicesSeen } from '../modules/readings/readings.repository';

/** Everything a batch of MQTT messages writes, stored in one transaction. */
export type IngestWrite = {
  readings: StoreInput[];
  relays: { deviceId: string; on: boolean; at: Date }[];
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
  if (write.readings.length === 0 && write.relays.length === 0 && write.power.length === 0) return { readings: [], power: [] };
  return db.transaction(async (tx) => {
    const readings = await storeReadings(tx, write.readings, now);
    await updateDevicesSeen(tx, mergeRelayStates(write.relays));
    const power = await recordLivePowers(tx, write.power, now);
    return { readings, power };
  });
}

/**
 * One state per device (an UPDATE … FROM with two rows for one device would apply an arbitrary
 * one): last seen is the newest report, the relay the newest report's.
 */
function mergeRelayStates(relays: IngestWrite['relays']) {
  const byDevice = new Map<string, { id: string; seen: number; relay: boolean; relayTs: number }>();
  for (const { deviceId, on, at } of relays) {
    const state = byDevice.get(deviceId);
    if (!state || at.getTime() >= state.relayTs) byDevice.set(deviceId, { id: deviceId, seen: Math.max(state?.seen ?? -Infinity, at.getTime()), relay: on, relayTs: at.getTime() });
  }
  return [...byDevice.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
}
