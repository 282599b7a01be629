import { METER_MAX_INTERVAL_KWH, type IngestResult } from '@peakwise/contracts/ingest.contract';
import { INTERVAL_MS } from '@peakwise/domain/time-constants';
import type { Db, DbOrTx } from '../db/client';
import { recordLivePowers } from '../modules/live/live-power.repository';
import { storeReadings, type StoreInput } from '../modules/readings/reading-store';
import { lockMeterCounters, saveMeterCounters, updateDevicesSeen, type DeviceSeen, type MeterCounterRow, type StoreContext } from '../modules/readings/readings.repository';
import { counterToInterval } from '../telemetry/counter';
import type { MeterCounterSample } from '../telemetry/shelly-pro-3em';
import { validateBatch } from '../telemetry/validate-readings';
import { writeGen1Values, type Gen1Write } from './shelly-gen1-meter.service';

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
  /** Whole-home meter counters (a Shelly Pro 3EM's emdata:0), in message order. */
  meterCounters?: MeterCounterWrite[];
  /** A first-generation Shelly EM's channel values, in message order (decision 107). */
  gen1?: Gen1Write[];
};

export type MeterCounterWrite = { householdId: string; deviceId: string; context: StoreContext; sample: MeterCounterSample };

/** The most a household meter may record in one interval, as a power: 10 kWh in 5 minutes. */
const METER_MAX_POWER_W = (METER_MAX_INTERVAL_KWH * 1000 * 60 * 60_000) / INTERVAL_MS;

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
  const counters = write.meterCounters ?? [];
  const gen1Writes = write.gen1 ?? [];
  if (write.readings.length === 0 && write.reports.length === 0 && write.power.length === 0 && counters.length === 0 && gen1Writes.length === 0) return { readings: [], power: [] };
  return db.transaction(async (tx) => {
    const gen1 = await writeGen1Values(tx, gen1Writes);
    const fromCounters = await meterCounterReadings(tx, [...counters, ...gen1.counters], now);
    const readings = (await storeReadings(tx, [...write.readings, ...fromCounters], now)).slice(0, write.readings.length);
    await updateDevicesSeen(tx, mergeReports([...write.reports, ...gen1.reports]));
    const power = (await recordLivePowers(tx, [...write.power, ...gen1.power], now)).slice(0, write.power.length);
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

/**
 * Turns whole-home meter counters into household meter readings, as a plug's counter becomes
 * device energy: the difference between the totals at two consecutive 5-minute boundaries is the
 * interval's import and export (counterToInterval: a reset or a jump is a new baseline and a
 * missing interval; several silent intervals stay missing). A second report inside the same
 * interval changes nothing, so the first one after each boundary is the one kept. The meter sees
 * only the grid, so consumption is what was imported and production what was exported: the
 * least the home can have produced (docs/ingestion.md).
 */
async function meterCounterReadings(tx: DbOrTx, counters: readonly MeterCounterWrite[], now: Date): Promise<StoreInput[]> {
  if (counters.length === 0) return [];
  const stored = await lockMeterCounters(tx, [...new Set(counters.map((c) => c.deviceId))].sort());
  const latest = new Map(stored.map((row) => [row.d, row]));
  const moved = new Map<string, MeterCounterRow>();
  const inputs: StoreInput[] = [];
  for (const { householdId, deviceId, context, sample } of counters) {
    const previous = latest.get(deviceId);
    const at = (ms: number, counterKwh: number) => ({ ts: new Date(ms), counterKwh });
    const imported = counterToInterval(previous ? at(previous.ms, previous.imp) : null, at(sample.ts.getTime(), sample.importKwh), METER_MAX_POWER_W);
    const exported = counterToInterval(previous ? at(previous.ms, previous.exp) : null, at(sample.ts.getTime(), sample.exportKwh), METER_MAX_POWER_W);
    if (imported.kind === 'stale') continue;
    const row = { d: deviceId, ms: sample.ts.getTime(), imp: sample.importKwh, exp: sample.exportKwh };
    latest.set(deviceId, row);
    moved.set(deviceId, row);
    if (imported.kind !== 'interval' || exported.kind !== 'interval') continue;
    const reading = {
      ts: imported.start.toISOString(),
      productionKwh: exported.energyKwh,
      consumptionKwh: imported.energyKwh,
      gridImportKwh: imported.energyKwh,
      gridExportKwh: exported.energyKwh,
    };
    const validated = validateBatch({ meter: [reading] }, now, { knownDevices: new Set() });
    if (validated.ok) inputs.push({ householdId, validated, context, keepExisting: false });
  }
  await saveMeterCounters(tx, [...moved.values()]);
  return inputs;
}
