import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { CORRECTION_WINDOW_DAYS, INGEST_REASON_MESSAGES, type IngestRejection, type IngestResult } from '@peakwise/contracts/ingest.contract';
import type { Db, DbOrTx } from '../../db/client';
import { devices } from '../../db/schema/device.schema';
import { households } from '../../db/schema/household.schema';
import type { ValidatedBatch, ValidDeviceReading } from '../../telemetry/validate-readings';
import { READINGS_CHANNEL, type ReadingsNotification } from '../../lib/notify';
import { rowsOf } from '../../db/rows';
import { planDeviceRows, rowKey, type DeviceRow, type ResolvedDeviceReading } from './device-rows';
import { numberArray, uuidArray } from '../../lib/pg-array';
import { columns, recomputeDeviceRollups, recomputeMeterRollups, type DeviceChange } from './rollups';

/**
 * The devices a writer may write. The household's zone is not part of it: storeReadings reads it
 * inside its transaction, so a context loaded (or kept) earlier can never cut days in an old zone.
 */
export type StoreContext = {
  /** External id → device id, live devices the writer may write. */
  deviceIds: ReadonlyMap<string, string>;
};

/**
 * The household's zone and the devices a writer may write: all live devices, or just one for a
 * device token. Null if the household does not exist.
 */
export async function loadStoreContext(db: DbOrTx, householdId: string, onlyDeviceId?: string): Promise<StoreContext | null> {
  const [household] = await db.select({ id: households.id }).from(households).where(eq(households.id, householdId));
  if (!household) return null;
  const rows = await db
    .select({ id: devices.id, externalId: devices.externalId })
    .from(devices)
    .where(and(eq(devices.householdId, householdId), isNull(devices.removedAt), onlyDeviceId ? eq(devices.id, onlyDeviceId) : undefined));
  return { deviceIds: new Map(rows.map((r) => [r.externalId, r.id])) };
}

/** loadStoreContext for many households in two queries; missing households are absent from the map. */
export async function loadStoreContexts(db: DbOrTx, householdIds: readonly string[]): Promise<Map<string, StoreContext>> {
  const ids = [...new Set(householdIds)];
  if (ids.length === 0) return new Map();
  const zones = await db.select({ id: households.id }).from(households).where(inArray(households.id, ids));
  const rows = await db
    .select({ householdId: devices.householdId, id: devices.id, externalId: devices.externalId })
    .from(devices)
    .where(and(inArray(devices.householdId, zones.map((z) => z.id)), isNull(devices.removedAt)));
  const contexts = new Map(zones.map((z) => [z.id, { deviceIds: new Map<string, string>() }]));
  for (const row of rows) contexts.get(row.householdId)?.deviceIds.set(row.externalId, row.id);
  return contexts;
}

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
};

/** One validated batch of one household, as part of a larger write. */
export type StoreInput = { householdId: string; validated: ValidatedBatch; context: StoreContext; keepExisting?: boolean };

/** Stores one household's validated batch in its own transaction (see storeReadings). */
export async function storeBatch(db: Db, householdId: string, validated: ValidatedBatch, options: StoreOptions = {}): Promise<IngestResult> {
  const now = options.now ?? new Date();
  const context = options.context ?? (await loadStoreContext(db, householdId));
  if (!context) throw new Error(`Unknown household ${householdId}`);
  const [result] = await db.transaction((tx) => storeReadings(tx, [{ householdId, validated, context, keepExisting: options.keepExisting ?? false }], now));
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
  // The zones that cut the daily buckets are read here, under a share lock (in id order, so two
  // writers never wait on each other crosswise), not from contexts loaded before the transaction:
  // a time-zone change locks the row, so a batch's days are cut either before its rebuild (which
  // then sees these rows) or after it, in the new zone.
  const zones = new Map(
    rowsOf<{ id: string; zone: string }>(
      await tx.execute(sql`select id::text as id, time_zone as zone from households where id = any(${uuidArray(ids)}::uuid[]) order by id for share`),
    ).map((r) => [r.id, r.zone]),
  );
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
  let deviceRowsUpdated = false;
  for (const [rows, keep] of [
    [plan.rows, false],
    [plan.keepRows, true],
  ] as const) {
    if (rows.size === 0) continue;
    for (const row of rowsOf<{ d: string; ms: number; inserted: boolean }>(await upsertDeviceRows(tx, [...rows.values()], keep, received, cutoffMs))) {
      const key = rowKey(row.d, row.ms);
      if (!row.inserted) deviceRowsUpdated = true;
      if (changedKeys.has(key)) continue;
      changedKeys.add(key);
      const home = zoneOf.get(row.d)!;
      deviceChanged.push({ d: row.d, ms: row.ms, timeZone: home.timeZone });
      touch(home.householdId, row.ms, 'device');
    }
  }
  if (plan.counters.length > 0) {
    const counters = columns('d', 'ts', 'c');
    for (const c of [...plan.counters].sort((a, b) => (a.d < b.d ? -1 : 1))) counters.push(c);
    await tx.execute(sql`
      insert into device_counters as t (device_id, ts, counter_kwh)
      select u.d, to_timestamp(u.ts / 1000.0), u.c from unnest(${sql.param(counters.cols.d)}::uuid[], ${sql.param(counters.cols.ts)}::float8[], ${sql.param(counters.cols.c)}::float8[]) as u(d, ts, c)
      on conflict (device_id) do update set ts = excluded.ts, counter_kwh = excluded.counter_kwh where excluded.ts > t.ts`);
  }

  // 3. Accepted = the reading changed something, corrected = it replaced a stored value (the
  // audit trigger saw it), refused = it would have but its interval is past the correction
  // window; the other valid readings were already stored.
  const correctedKeys = deviceRowsUpdated ? await deviceCorrectionsOfThisWrite(tx, received) : new Set<string>();
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

  // 6. Tell live listeners (delivered on commit, never for a rollback).
  if (latest.size > 0) {
    const payloads = [...latest].map(([householdId, { ms, kinds }]): ReadingsNotification => ({
      householdId,
      latestTs: new Date(ms).toISOString(),
      kinds: (['meter', 'device'] as const).filter((kind) => kinds.has(kind)),
    }));
    await tx.execute(sql`select pg_notify(${READINGS_CHANNEL}, p) from unnest(${sql.param(payloads.map((p) => JSON.stringify(p)))}::text[]) as p`);
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
    const result = await tx.execute(sql`
      with up as (
        insert into meter_readings as t (household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, received_at)
        select (${uuidArray(households)}::uuid[])[u.hi], to_timestamp(u.ms / 1000.0), u.p, u.c, u.i, u.e, ${received}::timestamptz
        from unnest(${numberArray(hi)}::int4[], ${numberArray(ms)}::float8[], ${numberArray(p)}::float8[],
          ${numberArray(c)}::float8[], ${numberArray(i)}::float8[], ${numberArray(e)}::float8[]) as u(hi, ms, p, c, i, e)
        on conflict (household_id, ts) do update set
          production_kwh = excluded.production_kwh, consumption_kwh = excluded.consumption_kwh,
          grid_import_kwh = excluded.grid_import_kwh, grid_export_kwh = excluded.grid_export_kwh, received_at = excluded.received_at
        where (t.production_kwh, t.consumption_kwh, t.grid_import_kwh, t.grid_export_kwh)
          is distinct from (excluded.production_kwh, excluded.consumption_kwh, excluded.grid_import_kwh, excluded.grid_export_kwh)
          and t.ts >= to_timestamp(${cutoffMs} / 1000.0)
        returning household_id, ts, not (t.xmax = 0) as corrected)
      select household_id::text as h, string_agg(((extract(epoch from ts) * 1000)::bigint)::text, ',') as ms,
        string_agg(((extract(epoch from ts) * 1000)::bigint)::text, ',') filter (where corrected) as corrected
      from up group by 1`);
    for (const row of rowsOf<{ h: string; ms: string; corrected: string | null }>(result)) {
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

/** Of the given "household|ms" keys, those whose stored values differ from the ones sent. */
async function lateMeterCorrections(
  tx: DbOrTx,
  households: string[],
  hi: number[],
  ms: number[],
  p: number[],
  c: number[],
  i: number[],
  e: number[],
  keys: ReadonlySet<string>,
): Promise<string[]> {
  const pick = ms.map((_, n) => n).filter((n) => keys.has(`${households[hi[n]! - 1]}|${ms[n]}`));
  const at = <T>(values: T[]) => pick.map((n) => values[n]!);
  const rows = rowsOf<{ h: string; ms: number }>(
    await tx.execute(sql`
      select t.household_id::text as h, u.ms from unnest(${numberArray(at(hi))}::int4[], ${numberArray(at(ms))}::float8[], ${numberArray(at(p))}::float8[],
        ${numberArray(at(c))}::float8[], ${numberArray(at(i))}::float8[], ${numberArray(at(e))}::float8[]) as u(hi, ms, p, c, i, e)
      join meter_readings t on t.household_id = (${uuidArray(households)}::uuid[])[u.hi] and t.ts = to_timestamp(u.ms / 1000.0)
      where (t.production_kwh, t.consumption_kwh, t.grid_import_kwh, t.grid_export_kwh) is distinct from (u.p, u.c, u.i, u.e)`),
  );
  return rows.map((row) => `${row.h}|${Number(row.ms)}`);
}

/** A value sent replaces the stored one (a correction); a field not sent keeps what is stored. */
function upsertDeviceRows(tx: DbOrTx, rows: DeviceRow[], keepExisting: boolean, received: string, cutoffMs: number) {
  const pick = (column: string) => sql.raw(keepExisting ? `coalesce(t.${column}, excluded.${column})` : `coalesce(excluded.${column}, t.${column})`);
  rows.sort((a, b) => (a.d === b.d ? a.ts - b.ts : a.d < b.d ? -1 : 1));
  const relay = `{${rows.map((row) => (row.on === undefined ? 'NULL' : row.on ? 't' : 'f')).join(',')}}`;
  return tx.execute(sql`
    insert into device_readings as t (device_id, ts, power_w, energy_kwh, efficiency, relay_on, metrics, received_at)
    select u.d, to_timestamp(u.ts / 1000.0), u.pw, u.en, u.ef, u."on", u.m, ${received}::timestamptz
    from unnest(${uuidArray(rows.map((r) => r.d))}::uuid[], ${numberArray(rows.map((r) => r.ts))}::float8[], ${numberArray(rows.map((r) => r.pw))}::float8[],
      ${numberArray(rows.map((r) => r.en))}::float8[], ${numberArray(rows.map((r) => r.ef))}::float8[], ${relay}::boolean[],
      ${sql.param(rows.map((r) => (r.m ? JSON.stringify(r.m) : null)))}::jsonb[]) as u(d, ts, pw, en, ef, "on", m)
    on conflict (device_id, ts) do update set
      power_w = ${pick('power_w')}, energy_kwh = ${pick('energy_kwh')}, efficiency = ${pick('efficiency')},
      relay_on = ${pick('relay_on')}, metrics = ${pick('metrics')}, received_at = excluded.received_at
    where (t.power_w, t.energy_kwh, t.efficiency, t.relay_on, t.metrics) is distinct from
      (${pick('power_w')}, ${pick('energy_kwh')}, ${pick('efficiency')}, ${pick('relay_on')}, ${pick('metrics')})
      and (t.ts >= to_timestamp(${cutoffMs} / 1000.0) or ${onlyFillsMissing('excluded')})
    returning device_id as d, (extract(epoch from ts) * 1000)::float8 as ms, t.xmax = 0 as inserted`);
}

const DEVICE_VALUE_COLUMNS = ['power_w', 'energy_kwh', 'efficiency', 'relay_on', 'metrics'];

/** True when `sent` replaces no stored value: each field is either not sent, missing, or the same. */
function onlyFillsMissing(sent: string) {
  return sql.raw(`(${DEVICE_VALUE_COLUMNS.map((c) => `(${sent}.${c} is null or t.${c} is null or ${sent}.${c} is not distinct from t.${c})`).join(' and ')})`);
}

/** Row keys whose stored values this transaction replaced, as the audit trigger recorded them. */
async function deviceCorrectionsOfThisWrite(tx: DbOrTx, received: string): Promise<Set<string>> {
  const rows = rowsOf<{ d: string; ms: number }>(
    await tx.execute(sql`
      select device_id as d, (extract(epoch from ts) * 1000)::float8 as ms from reading_corrections
      where txid = txid_current() and series = 'device' and corrected_at = ${received}::timestamptz`),
  );
  return new Set(rows.map((row) => rowKey(row.d, Number(row.ms))));
}

/** Of rows past the correction window that were not written, those that would have replaced a stored value. */
async function lateDeviceCorrections(tx: DbOrTx, rows: DeviceRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const relay = `{${rows.map((row) => (row.on === undefined ? 'NULL' : row.on ? 't' : 'f')).join(',')}}`;
  const late = rowsOf<{ d: string; ms: number }>(
    await tx.execute(sql`
      select t.device_id as d, u.ts as ms
      from unnest(${uuidArray(rows.map((r) => r.d))}::uuid[], ${numberArray(rows.map((r) => r.ts))}::float8[], ${numberArray(rows.map((r) => r.pw))}::float8[],
        ${numberArray(rows.map((r) => r.en))}::float8[], ${numberArray(rows.map((r) => r.ef))}::float8[], ${relay}::boolean[],
        ${sql.param(rows.map((r) => (r.m ? JSON.stringify(r.m) : null)))}::jsonb[]) as u(device_id, ts, power_w, energy_kwh, efficiency, relay_on, metrics)
      join device_readings t on t.device_id = u.device_id and t.ts = to_timestamp(u.ts / 1000.0)
      where not ${onlyFillsMissing('u')}`),
  );
  return new Set(late.map((row) => rowKey(row.d, Number(row.ms))));
}

function unknownDevice(r: ValidDeviceReading): IngestRejection {
  return { index: r.index, series: 'device', reason: 'unknown_device', message: `No device with this id belongs to the authenticated household or token. (${r.device})` };
}

async function updateDeviceState(tx: DbOrTx, readings: readonly ResolvedDeviceReading[]) {
  const byDevice = new Map<string, { id: string; seen: number; relay?: boolean; relayTs?: number }>();
  for (const { r, d } of readings) {
    const state = byDevice.get(d) ?? { id: d, seen: -Infinity };
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

/**
 * last_seen_at only moves forward; the relay state is taken from a report at least as new as the
 * last one seen, so a late, older message cannot flip the switch shown to the member.
 */
export async function updateDevicesSeen(tx: DbOrTx, states: { id: string; seen: number; relay?: boolean; relayTs?: number }[]) {
  if (states.length === 0) return;
  await tx.execute(sql`
    update devices as d set
      last_seen_at = greatest(d.last_seen_at, to_timestamp(s.seen / 1000.0)),
      relay_on = case when s.relay is not null and (d.last_seen_at is null or to_timestamp(s.relay_ts / 1000.0) >= d.last_seen_at)
                      then s.relay else d.relay_on end
    from json_to_recordset(${JSON.stringify(states.map((s) => ({ id: s.id, seen: s.seen, relay: s.relay ?? null, relay_ts: s.relayTs ?? null })))}::json)
      as s(id uuid, seen float8, relay boolean, relay_ts float8)
    where d.id = s.id`);
}
