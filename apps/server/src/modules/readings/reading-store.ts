import { INGEST_REASON_MESSAGES, type IngestRejection, type IngestResult } from '@peakwise/contracts/ingest.contract';
import { CORRECTION_WINDOW_DAYS } from '@peakwise/domain/reading-corrections';
import type { Db, DbOrTx } from '../../db/client';
import type { ReadingsNotification } from '../../lib/notify';
import type { ValidatedBatch, ValidDeviceReading } from '../../telemetry/validate-readings';
import { recordDeviceTemperatures } from '../comfort/device-temperatures.repository';
import { planDeviceRows, type ResolvedDeviceReading } from './device-rows';
import {
  deviceCorrectionsOfThisWrite,
  lateDeviceCorrections,
  lateMeterCorrections,
  loadStoreContext,
  rowKey,
  notifyReadings,
  saveCounterBaselines,
  lockHouseholdZones,
  updateDevicesSeen,
  type DeviceSeen,
  upsertDeviceRows,
  upsertMeterRows,
  type StoreContext,
} from './readings.repository';
import { recomputeDeviceRollups, recomputeMeterRollups, type DeviceChange } from './rollups.repository';

export type StoreOptions = {
  /** Loaded when omitted. */
  context?: StoreContext;
  now?: Date;
  /**
   * Device readings fill only the fields still missing in their interval instead of replacing
   * them: a Shelly publishes about once a minute and the first sample of each interval is the
   * one kept (see shellySampleToReading).
   */
  keepExisting?: boolean;
  /**
   * Told the instants (epoch ms) of the household meter intervals this write stored or
   * corrected, so an importer can say which of its readings were new and which were resends.
   */
  onMeterWritten?: (instantsMs: readonly number[]) => void;
};

/** One validated batch of one household, as part of a larger write. */
export type StoreInput = { householdId: string; validated: ValidatedBatch; context: StoreContext; keepExisting?: boolean; onMeterWritten?: (instantsMs: readonly number[]) => void };

/** Stores one household's validated batch in its own transaction (see storeReadings). */
export async function storeBatch(db: Db, householdId: string, validated: ValidatedBatch, options: StoreOptions = {}): Promise<IngestResult> {
  const now = options.now ?? new Date();
  const context = options.context ?? (await loadStoreContext(db, householdId));
  if (!context) throw new Error(`Unknown household ${householdId}`);
  const [result] = await db.transaction((tx) => storeReadings(tx, [{ householdId, validated, context, keepExisting: options.keepExisting ?? false, onMeterWritten: options.onMeterWritten }], now));
  return result!;
}

/**
 * Stores any number of validated batches (households, MQTT messages) inside the caller's
 * transaction, with one statement per step whatever their number: idempotent upserts keyed on
 * (series, ts) that change a row only when a value differs (a resend is a duplicate, a
 * correction replaces), counters turned into interval energy, the touched hourly and daily
 * rollups recomputed from raw rows, device last-seen and relay state, and a NOTIFY per
 * household on commit. When several inputs carry the same series and interval, the later input
 * wins and the earlier reading counts as a duplicate, as within one batch. Returns one result
 * per input, in order.
 */
/** Corrections of intervals that started before this are refused (decision 031). */
const CORRECTION_WINDOW_MS = CORRECTION_WINDOW_DAYS * 24 * 60 * 60_000;

export async function storeReadings(tx: DbOrTx, inputs: readonly StoreInput[], now: Date): Promise<IngestResult[]> {
  const received = now.toISOString();
  const cutoffMs = now.getTime() - CORRECTION_WINDOW_MS;
  // PostgreSQL answers uuids in lower case; a topic may carry them in upper case.
  const ids = inputs.map((input) => input.householdId.toLowerCase());
  // The zones that cut the daily buckets are read here, under the household rows' lock (see
  // lockHouseholdZones: writers of one household take turns, so each rollup recompute sees the
  // other's rows), not from contexts loaded before the transaction.
  const zones = await lockHouseholdZones(tx, ids);
  const zoneOfHousehold = (householdId: string) => {
    const zone = zones.get(householdId);
    if (!zone) throw new Error(`Unknown household ${householdId}`);
    return zone;
  };
  const results: IngestResult[] = inputs.map((input) => ({ accepted: 0, corrected: 0, duplicates: input.validated.duplicates, rejected: [...input.validated.rejected] }));
  const latest = new Map<string, { ms: number; kinds: Set<'meter' | 'device'> }>();
  const touch = (householdId: string, ms: number, kind: 'meter' | 'device') => {
    const entry = latest.get(householdId) ?? { ms: -Infinity, kinds: new Set() };
    entry.ms = Math.max(entry.ms, ms);
    entry.kinds.add(kind);
    latest.set(householdId, entry);
  };

  // 1. Household meters: the last reading per (household, interval) across inputs is written.
  const meterChanged = await upsertMeterReadings(tx, inputs, ids, results, received, cutoffMs);
  for (const [householdId, changed] of meterChanged) for (const ms of changed) touch(householdId, ms, 'meter');
  inputs.forEach((input, k) => input.onMeterWritten?.(meterChanged.get(ids[k]!) ?? []));

  // 2. Devices: counters become interval energy; everything merges into one row per (device, ts).
  const resolved: ResolvedDeviceReading[] = [];
  const origin: { k: number; householdId: string; timeZone: string }[] = [];
  for (const [k, input] of inputs.entries()) {
    for (const r of input.validated.devices) {
      const d = input.context.deviceIds.get(r.device);
      if (!d) {
        results[k]!.rejected.push(unknownDevice(r));
        continue;
      }
      origin.push({ k, householdId: ids[k]!, timeZone: zoneOfHousehold(ids[k]!) });
      resolved.push({ r, d, g: resolved.length, keepExisting: input.keepExisting ?? false });
    }
  }
  const plan = await planDeviceRows(tx, resolved);
  for (const [g, rejection] of plan.refused) results[origin[g]!.k]!.rejected.push(rejection);

  const zoneOf = new Map(resolved.map((x) => [x.d, origin[x.g]!]));
  const deviceChanged: DeviceChange[] = [];
  const changedKeys = new Set<string>();
  for (const [rows, keep] of [
    [plan.rows, false],
    [plan.keepRows, true],
  ] as const) {
    if (rows.size === 0) continue;
    for (const row of await upsertDeviceRows(tx, [...rows.values()], keep, received, cutoffMs)) {
      const key = rowKey(row.d, row.ms);
      if (changedKeys.has(key)) continue;
      changedKeys.add(key);
      const home = zoneOf.get(row.d)!;
      deviceChanged.push({ d: row.d, ms: row.ms, timeZone: home.timeZone });
      touch(home.householdId, row.ms, 'device');
    }
  }
  await saveCounterBaselines(tx, plan.counters);

  // 3. Accepted = the reading changed something, corrected = it replaced a stored value (the
  // audit trigger saw it), refused = it would have but its interval is past the correction
  // window; the other valid readings were already stored.
  // Which rows were updated rather than inserted is not told by the upsert (readings.repository),
  // so the audit trigger's rows are read whenever a device row changed.
  const correctedKeys = changedKeys.size > 0 ? await deviceCorrectionsOfThisWrite(tx, received) : new Set<string>();
  const lateKeys = await lateDeviceCorrections(tx, [...plan.rows.values()].filter((row) => row.ts < cutoffMs && !changedKeys.has(rowKey(row.d, row.ts))));
  for (const x of resolved) {
    if (plan.refused.has(x.g)) continue;
    const result = results[origin[x.g]!.k]!;
    const keys = plan.contributors.get(x.g) ?? [];
    if (keys.some((key) => correctedKeys.has(key))) result.corrected += 1;
    else if (plan.counterMoved.has(x.g) || keys.some((key) => changedKeys.has(key))) result.accepted += 1;
    else if (keys.some((key) => lateKeys.has(key))) result.rejected.push(correctionRefused(x.r.index, 'device'));
    else result.duplicates += 1;
  }

  // 4. Rollups of the touched buckets only, recomputed from raw rows.
  await recomputeMeterRollups(
    tx,
    [...meterChanged].map(([householdId, changedMs]) => ({ householdId, timeZone: zoneOfHousehold(householdId), changedMs })),
  );
  await recomputeDeviceRollups(tx, deviceChanged);

  // 5. Last seen and relay state, from the readings that were not refused.
  await updateDeviceState(tx, resolved.filter((x) => !plan.refused.has(x.g)));
  // A room thermometer's newest figure, for comfort during events (decision 109).
  await recordDeviceTemperatures(
    tx,
    resolved.flatMap((x) => {
      const temperatureC = x.r.metrics?.temperatureC;
      return plan.refused.has(x.g) || temperatureC === undefined ? [] : [{ deviceId: x.d, atMs: x.r.ts.getTime(), temperatureC }];
    }),
  );

  // 6. Tell live listeners (delivered on commit, never for a rollback).
  if (latest.size > 0) {
    const payloads = [...latest].map(([householdId, { ms, kinds }]): ReadingsNotification => ({
      householdId,
      latestTs: new Date(ms).toISOString(),
      kinds: (['meter', 'device'] as const).filter((kind) => kinds.has(kind)),
    }));
    await notifyReadings(tx, payloads);
  }

  for (const result of results) result.rejected.sort((a, b) => (a.series === b.series ? a.index - b.index : a.series === 'meter' ? -1 : 1));
  return results;
}

/**
 * The meter part of storeReadings. Within one input validateBatch already kept one reading per
 * interval; across inputs the later one is written and the earlier counts as a duplicate.
 * Answers, per household, the intervals whose row changed (inserted or corrected), aggregated
 * in SQL so a 5000-row batch comes back as one row per household, not 5000.
 */
async function upsertMeterReadings(tx: DbOrTx, inputs: readonly StoreInput[], ids: readonly string[], results: IngestResult[], received: string, cutoffMs: number) {
  // Owner (input index) per household and interval, only needed when inputs can collide.
  const owners = inputs.length > 1 ? new Map<string, Map<number, number>>() : null;
  if (owners) {
    inputs.forEach((input, k) => {
      const byMs = owners.get(ids[k]!) ?? new Map<number, number>();
      owners.set(ids[k]!, byMs);
      for (const r of input.validated.meter) {
        const previous = byMs.get(r.ts.getTime());
        if (previous !== undefined) results[previous]!.duplicates += 1;
        byMs.set(r.ts.getTime(), k);
      }
    });
  }
  const households: string[] = [];
  const hi: number[] = [];
  const ms: number[] = [];
  const p: number[] = [];
  const c: number[] = [];
  const i: number[] = [];
  const e: number[] = [];
  const written = inputs.map(() => 0);
  // Where each written reading came from, for the rare refusal of a late correction.
  const lateSources = new Map<string, { k: number; index: number }>();
  inputs.forEach((input, k) => {
    if (input.validated.meter.length === 0) return;
    const byMs = owners?.get(ids[k]!);
    let index = households.indexOf(ids[k]!);
    if (index < 0) index = households.push(ids[k]!) - 1;
    for (const r of input.validated.meter) {
      if (byMs && byMs.get(r.ts.getTime()) !== k) continue;
      written[k]! += 1;
      if (r.ts.getTime() < cutoffMs) lateSources.set(`${ids[k]}|${r.ts.getTime()}`, { k, index: r.index });
      hi.push(index + 1);
      ms.push(r.ts.getTime());
      p.push(r.productionKwh);
      c.push(r.consumptionKwh);
      i.push(r.gridImportKwh);
      e.push(r.gridExportKwh);
    }
  });
  const changed = new Map<string, number[]>();
  if (ms.length > 0) {
    const rows = await upsertMeterRows(tx, { households, hi, ms, p, c, i, e }, received, cutoffMs);
    for (const row of rows) {
      const list = row.ms.split(',').map(Number);
      const corrections = new Set(row.corrected ? row.corrected.split(',').map(Number) : []);
      changed.set(row.h, list);
      const byMs = owners?.get(row.h);
      for (const instant of list) {
        const owner = results[byMs ? byMs.get(instant)! : ids.indexOf(row.h)]!;
        if (corrections.has(instant)) owner.corrected += 1;
        else owner.accepted += 1;
      }
    }
    // Readings past the window that were not written are resends, or corrections refused. A
    // history import is all past the window, so this looks up sets, not lists.
    const stored = new Set([...changed].flatMap(([h, list]) => list.map((instant) => `${h}|${instant}`)));
    const late = [...lateSources.keys()].filter((key) => !stored.has(key));
    if (late.length > 0) {
      for (const key of await lateMeterCorrections(tx, households, hi, ms, p, c, i, e, new Set(late))) {
        const source = lateSources.get(key)!;
        results[source.k]!.rejected.push(correctionRefused(source.index, 'meter'));
        written[source.k]! -= 1;
      }
    }
  }
  written.forEach((n, k) => {
    results[k]!.duplicates += n - results[k]!.accepted - results[k]!.corrected;
  });
  return changed;
}

function correctionRefused(index: number, series: IngestRejection['series']): IngestRejection {
  return { index, series, reason: 'correction_window_closed', message: INGEST_REASON_MESSAGES.correction_window_closed };
}

function unknownDevice(r: ValidDeviceReading): IngestRejection {
  return { index: r.index, series: 'device', reason: 'unknown_device', message: `No device with this id belongs to the authenticated household or token. (${r.device})` };
}

async function updateDeviceState(tx: DbOrTx, readings: readonly ResolvedDeviceReading[]) {
  const byDevice = new Map<string, DeviceSeen>();
  for (const { r, d } of readings) {
    const state = byDevice.get(d) ?? { id: d, seen: -Infinity };
    if (r.powerW !== undefined && r.ts.getTime() >= state.seen) state.readingPower = r.powerW;
    state.seen = Math.max(state.seen, r.ts.getTime());
    if (r.on !== undefined && (state.relayTs === undefined || r.ts.getTime() >= state.relayTs)) {
      state.relay = r.on;
      state.relayTs = r.ts.getTime();
    }
    byDevice.set(d, state);
  }
  if (byDevice.size === 0) return;
  await updateDevicesSeen(tx, [...byDevice.values()]);
}

