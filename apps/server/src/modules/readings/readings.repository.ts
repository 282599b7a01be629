import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { executePrepared } from '../../db/prepared-statement';
import { rowsOf } from '../../db/rows';
import { devices } from '../../db/schema/device.schema';
import { households } from '../../db/schema/household.schema';
import { DEVICE_CHANNEL, READINGS_CHANNEL, type ReadingsNotification } from '../../lib/notify';
import { numberArray, uuidArray } from '../../lib/pg-array';

/** One (device, interval) row to upsert, merged from every reading of the write that falls on it. */
export type DeviceRow = { d: string; ts: number; pw?: number; en?: number; ef?: number; on?: boolean; m?: Record<string, number> };

export const rowKey = (deviceId: string, ms: number) => `${deviceId}|${ms}`;

/**
 * The SQL of the reading writer (reading-store.ts): set-based statements over column arrays, so a
 * write of any number of households and messages costs the same few round trips (decision 022).
 * The statements every write runs are named prepared statements (executePrepared): since the
 * readings are partitioned by month and read through the compaction-aware functions, parsing and
 * planning them took about as long as running them for a batch of a few hundred MQTT messages,
 * and the embedded broker runs one such batch at a time. Their texts never vary and their plans
 * are index probes driven by the arrays, whatever the arrays hold.
 */

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

/**
 * loadStoreContext for many households in one prepared statement (every MQTT batch runs it, so its
 * text never varies and the ids go in as an array); missing households are absent from the map,
 * and so are those whose member deleted their account (decision 079): an external broker's logins
 * are its own configuration, so a deleted member's gateway may still publish there, and is refused here.
 */
export async function loadStoreContexts(db: DbOrTx, householdIds: readonly string[]): Promise<Map<string, StoreContext>> {
  const ids = [...new Set(householdIds)];
  if (ids.length === 0) return new Map();
  const rows = rowsOf<{ household_id: string; device_id: string | null; external_id: string | null }>(
    await executePrepared(
      db,
      sql`select h.id::text as household_id, d.id::text as device_id, d.external_id
        from households h
        left join devices d on d.household_id = h.id and d.removed_at is null
        where h.id = any(${uuidArray(ids)}::uuid[])
          and not exists (select 1 from profiles p where p.id = h.owner_user_id and p.deleted_at is not null)`,
    ),
  );
  const contexts = new Map<string, { deviceIds: Map<string, string> }>();
  for (const row of rows) {
    let context = contexts.get(row.household_id);
    if (!context) contexts.set(row.household_id, (context = { deviceIds: new Map() }));
    if (row.device_id !== null && row.external_id !== null) context.deviceIds.set(row.external_id, row.device_id);
  }
  return contexts;
}

/**
 * The households' zones, their rows locked in id order so two writers never wait on each other
 * crosswise. Writers of one household take turns (FOR NO KEY UPDATE, not FOR SHARE): each
 * recomputes the touched rollups from the raw rows, and a second writer working beside the first
 * would compute from a snapshot without the first's rows and overwrite its sums (found by the
 * fault suite with two ingest workers, decision 117). A time-zone change locks the row too, so a
 * batch's days are cut either before its rebuild or after it, in the new zone. Rows that only
 * reference a household (KEY SHARE) are not held up.
 */
export async function lockHouseholdZones(tx: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = rowsOf<{ id: string; zone: string }>(
    await executePrepared(tx, sql`select id::text as id, time_zone as zone from households where id = any(${uuidArray(ids)}::uuid[]) order by id for no key update`),
  );
  return new Map(rows.map((r) => [r.id, r.zone]));
}

/** New counter baselines, one per device; an older one never replaces a newer. */
export async function saveCounterBaselines(tx: DbOrTx, counters: readonly { d: string; ts: number; c: number }[]): Promise<void> {
  if (counters.length === 0) return;
  // Device order, so concurrent writers lock rows in the same order.
  const rows = [...counters].sort((a, b) => (a.d < b.d ? -1 : 1));
  await tx.execute(sql`
    insert into device_counters as t (device_id, ts, counter_kwh)
    select u.d, to_timestamp(u.ts / 1000.0), u.c
    from unnest(${uuidArray(rows.map((r) => r.d))}::uuid[], ${numberArray(rows.map((r) => r.ts))}::float8[], ${numberArray(rows.map((r) => r.c))}::float8[]) as u(d, ts, c)
    on conflict (device_id) do update set ts = excluded.ts, counter_kwh = excluded.counter_kwh where excluded.ts > t.ts`);
}

/**
 * The stored counter baselines of the devices, locked FOR UPDATE in device order so two writers
 * for one plug serialise instead of both subtracting from the same baseline.
 */
export async function lockCounterBaselines(tx: DbOrTx, deviceIds: readonly string[]): Promise<{ d: string; ms: number; c: number }[]> {
  return rowsOf<{ d: string; ms: number; c: number }>(
    await tx.execute(sql`
      select device_id as d, (extract(epoch from ts) * 1000)::float8 as ms, counter_kwh as c from device_counters
      where device_id = any(${sql.param([...deviceIds])}::uuid[]) order by device_id for update`),
  );
}

/** One NOTIFY per household, delivered on commit (never for a rollback). */
export async function notifyReadings(tx: DbOrTx, payloads: readonly ReadingsNotification[]): Promise<void> {
  await executePrepared(tx, sql`select pg_notify(${READINGS_CHANNEL}, p) from unnest(${sql.param(payloads.map((p) => JSON.stringify(p)))}::text[]) as p`);
}

/** The meter columns of one write: household `hi` (1-based into `households`) at `ms`, and its four values. */
export type MeterColumns = { households: string[]; hi: number[]; ms: number[]; p: number[]; c: number[]; i: number[]; e: number[] };

/**
 * Upserts the meter rows; a row changes only when a value differs and its interval is inside the
 * correction window. Answers per household the changed instants (comma-joined) and which of
 * them were corrections, aggregated in SQL so a 5,000-row batch is one row per household.
 */
export async function upsertMeterRows(tx: DbOrTx, cols: MeterColumns, received: string, cutoffMs: number) {
  const { households, hi, ms, p, c, i, e } = cols;
  const result = await executePrepared(
    tx,
    sql`
    with up as (
      insert into meter_readings as t (household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, received_at)
      select (${uuidArray(households)}::uuid[])[u.hi], to_timestamp(u.ms / 1000.0), u.p, u.c, u.i, u.e, ${received}::timestamptz
      from unnest(${numberArray(hi)}::int4[], ${numberArray(ms)}::float8[], ${numberArray(p)}::float8[],
        ${numberArray(c)}::float8[], ${numberArray(i)}::float8[], ${numberArray(e)}::float8[]) as u(hi, ms, p, c, i, e)
      -- A compacted day is closed: no reading of it is stored again (decision 122).
      where u.ms >= ${cutoffMs} or not exists (select 1 from meter_reading_days d
        where d.household_id = (${uuidArray(households)}::uuid[])[u.hi] and d.day = (to_timestamp(u.ms / 1000.0) at time zone 'UTC')::date)
      on conflict (household_id, ts) do update set
        production_kwh = excluded.production_kwh, consumption_kwh = excluded.consumption_kwh,
        grid_import_kwh = excluded.grid_import_kwh, grid_export_kwh = excluded.grid_export_kwh, received_at = excluded.received_at
      where (t.production_kwh, t.consumption_kwh, t.grid_import_kwh, t.grid_export_kwh)
        is distinct from (excluded.production_kwh, excluded.consumption_kwh, excluded.grid_import_kwh, excluded.grid_export_kwh)
        and t.ts >= to_timestamp(${cutoffMs} / 1000.0)
      returning household_id, ts)
    -- Which changed rows were corrections: a partitioned table answers no system column (xmax)
    -- from an upsert, but every part of one statement reads the snapshot taken before it, so a
    -- returned row that this read finds was already stored, and so updated. Only a row inside
    -- the window can have been. The caller holds the household's row (lockHouseholdZones), so
    -- no other writer's row can appear between that snapshot and the insert.
    select up.household_id::text as h, string_agg(((extract(epoch from up.ts) * 1000)::bigint)::text, ',') as ms,
      string_agg(((extract(epoch from up.ts) * 1000)::bigint)::text, ',') filter (
        where up.ts >= to_timestamp(${cutoffMs} / 1000.0)
          and exists (select 1 from meter_readings m where m.household_id = up.household_id and m.ts = up.ts)) as corrected
    from up group by 1`,
  );
  return rowsOf<{ h: string; ms: string; corrected: string | null }>(result);
}

/** Of the given "household|ms" keys, those whose stored values differ from the ones sent. */
export async function lateMeterCorrections(
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
      select ((${uuidArray(households)}::uuid[])[u.hi])::text as h, u.ms from unnest(${numberArray(at(hi))}::int4[], ${numberArray(at(ms))}::float8[], ${numberArray(at(p))}::float8[],
        ${numberArray(at(c))}::float8[], ${numberArray(at(i))}::float8[], ${numberArray(at(e))}::float8[]) as u(hi, ms, p, c, i, e)
      left join lateral meter_readings_in((${uuidArray(households)}::uuid[])[u.hi], to_timestamp(u.ms / 1000.0), to_timestamp(u.ms / 1000.0) + interval '1 millisecond') t on true
      -- No stored row: an interval missing from a compacted day, which is closed (decision 122).
      where t.ts is null or (t.production_kwh, t.consumption_kwh, t.grid_import_kwh, t.grid_export_kwh) is distinct from (u.p, u.c, u.i, u.e)`),
  );
  return rows.map((row) => `${row.h}|${Number(row.ms)}`);
}

/** A value sent replaces the stored one (a correction); a field not sent keeps what is stored. */
export async function upsertDeviceRows(tx: DbOrTx, rows: DeviceRow[], keepExisting: boolean, received: string, cutoffMs: number) {
  const pick = (column: string) => sql.raw(keepExisting ? `coalesce(t.${column}, excluded.${column})` : `coalesce(excluded.${column}, t.${column})`);
  rows.sort((a, b) => (a.d === b.d ? a.ts - b.ts : a.d < b.d ? -1 : 1));
  const relay = `{${rows.map((row) => (row.on === undefined ? 'NULL' : row.on ? 't' : 'f')).join(',')}}`;
  const result = await tx.execute(sql`
    insert into device_readings as t (device_id, ts, power_w, energy_kwh, efficiency, relay_on, metrics, received_at)
    select u.d, to_timestamp(u.ts / 1000.0), u.pw, u.en, u.ef, u."on", u.m, ${received}::timestamptz
    from unnest(${uuidArray(rows.map((r) => r.d))}::uuid[], ${numberArray(rows.map((r) => r.ts))}::float8[], ${numberArray(rows.map((r) => r.pw))}::float8[],
      ${numberArray(rows.map((r) => r.en))}::float8[], ${numberArray(rows.map((r) => r.ef))}::float8[], ${relay}::boolean[],
      ${sql.param(rows.map((r) => (r.m ? JSON.stringify(r.m) : null)))}::jsonb[]) as u(d, ts, pw, en, ef, "on", m)
    -- A compacted day is closed: no reading of it is stored again (decision 122).
    where u.ts >= ${cutoffMs} or not exists (select 1 from device_reading_days x where x.device_id = u.d and x.day = (to_timestamp(u.ts / 1000.0) at time zone 'UTC')::date)
    on conflict (device_id, ts) do update set
      power_w = ${pick('power_w')}, energy_kwh = ${pick('energy_kwh')}, efficiency = ${pick('efficiency')},
      relay_on = ${pick('relay_on')}, metrics = ${pick('metrics')}, received_at = excluded.received_at
    where (t.power_w, t.energy_kwh, t.efficiency, t.relay_on, t.metrics) is distinct from
      (${pick('power_w')}, ${pick('energy_kwh')}, ${pick('efficiency')}, ${pick('relay_on')}, ${pick('metrics')})
      and (t.ts >= to_timestamp(${cutoffMs} / 1000.0) or ${onlyFillsMissing('excluded')})
    returning device_id as d, (extract(epoch from ts) * 1000)::float8 as ms`);
  return rowsOf<{ d: string; ms: number }>(result);
}

const DEVICE_VALUE_COLUMNS = ['power_w', 'energy_kwh', 'efficiency', 'relay_on', 'metrics'];

/** True when `sent` replaces no stored value: each field is either not sent, missing, or the same. */
function onlyFillsMissing(sent: string) {
  return sql.raw(`(${DEVICE_VALUE_COLUMNS.map((c) => `(${sent}.${c} is null or t.${c} is null or ${sent}.${c} is not distinct from t.${c})`).join(' and ')})`);
}

/** True when `sent` holds nothing but the stored values: each field is either not sent or the same. */
function onlyResends(sent: string) {
  return sql.raw(`(${DEVICE_VALUE_COLUMNS.map((c) => `(${sent}.${c} is null or ${sent}.${c} is not distinct from t.${c})`).join(' and ')})`);
}

/** Row keys whose stored values this transaction replaced, as the audit trigger recorded them. */
export async function deviceCorrectionsOfThisWrite(tx: DbOrTx, received: string): Promise<Set<string>> {
  const rows = rowsOf<{ d: string; ms: number }>(
    await tx.execute(sql`
      select device_id as d, (extract(epoch from ts) * 1000)::float8 as ms from reading_corrections
      where txid = txid_current() and series = 'device' and corrected_at = ${received}::timestamptz`),
  );
  return new Set(rows.map((row) => rowKey(row.d, Number(row.ms))));
}

/** Of rows past the correction window that were not written, those that would have replaced a stored value. */
export async function lateDeviceCorrections(tx: DbOrTx, rows: DeviceRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const relay = `{${rows.map((row) => (row.on === undefined ? 'NULL' : row.on ? 't' : 'f')).join(',')}}`;
  const late = rowsOf<{ d: string; ms: number }>(
    await tx.execute(sql`
      select u.device_id as d, u.ts as ms
      from unnest(${uuidArray(rows.map((r) => r.d))}::uuid[], ${numberArray(rows.map((r) => r.ts))}::float8[], ${numberArray(rows.map((r) => r.pw))}::float8[],
        ${numberArray(rows.map((r) => r.en))}::float8[], ${numberArray(rows.map((r) => r.ef))}::float8[], ${relay}::boolean[],
        ${sql.param(rows.map((r) => (r.m ? JSON.stringify(r.m) : null)))}::jsonb[]) as u(device_id, ts, power_w, energy_kwh, efficiency, relay_on, metrics)
      left join lateral device_readings_in(u.device_id, to_timestamp(u.ts / 1000.0), to_timestamp(u.ts / 1000.0) + interval '1 millisecond') t on true
      -- A compacted day takes nothing more, not even a field it lacks (decision 122).
      where t.ts is null or not ${onlyFillsMissing('u')}
        or (not ${onlyResends('u')} and exists (select 1 from device_reading_days x where x.device_id = u.device_id and x.day = (to_timestamp(u.ts / 1000.0) at time zone 'UTC')::date))`),
  );
  return new Set(late.map((row) => rowKey(row.d, Number(row.ms))));
}

/** What a device's reports say about it now; times in ms. */
export type DeviceSeen = {
  id: string;
  seen: number;
  relay?: boolean;
  relayTs?: number;
  power?: number;
  powerTs?: number;
  /** The power an interval reading carried: named when the device is heard from first, never stored as its live power. */
  readingPower?: number;
};

/**
 * last_seen_at only moves forward; the relay state is taken from a report at least as new as the
 * last one seen, and the live power from one at least as new as the stored one, so a late, older
 * message cannot flip the switch or the draw shown to the member.
 */
export async function updateDevicesSeen(tx: DbOrTx, states: DeviceSeen[]) {
  if (states.length === 0) return;
  const rows = states.map((s) => ({ id: s.id, seen: s.seen, relay: s.relay ?? null, relay_ts: s.relayTs ?? null, power: s.power ?? null, power_ts: s.powerTs ?? null, reading_power: s.readingPower ?? null }));
  // The subquery reads the rows as they were before this statement, so `first` is a device never
  // heard from until now: only that one is announced (the pairing screen waits for it), which keeps
  // a plug reporting every minute from notifying every minute.
  await tx.execute(sql`
    with up as (
    update devices as d set
      last_seen_at = greatest(d.last_seen_at, to_timestamp(s.seen / 1000.0)),
      relay_on = case when s.relay is not null and (d.last_seen_at is null or to_timestamp(s.relay_ts / 1000.0) >= d.last_seen_at)
                      then s.relay else d.relay_on end,
      live_power_w = case when s.power is not null and (d.live_power_at is null or to_timestamp(s.power_ts / 1000.0) >= d.live_power_at)
                          then s.power else d.live_power_w end,
      live_power_at = case when s.power is not null and (d.live_power_at is null or to_timestamp(s.power_ts / 1000.0) >= d.live_power_at)
                           then to_timestamp(s.power_ts / 1000.0) else d.live_power_at end
    from (
      select r.*, prior.last_seen_at is null as first
      from json_to_recordset(${JSON.stringify(rows)}::json) as r(id uuid, seen float8, relay boolean, relay_ts float8, power float8, power_ts float8, reading_power float8)
      join devices prior on prior.id = r.id
    ) as s
    where d.id = s.id
    returning d.household_id, d.id, s.first, coalesce(s.power, s.reading_power) as power, d.last_seen_at)
    select pg_notify(${DEVICE_CHANNEL}, json_build_object('householdId', household_id, 'deviceId', id, 'powerW', power,
      'ts', to_char(last_seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text)
    from up where first`);
}

/** A whole-home meter device's stored import and export totals. */
export type MeterCounterRow = { d: string; ms: number; imp: number; exp: number };

/** The meter devices' stored totals, locked FOR UPDATE in device order (as lockCounterBaselines). */
export async function lockMeterCounters(tx: DbOrTx, deviceIds: readonly string[]): Promise<MeterCounterRow[]> {
  if (deviceIds.length === 0) return [];
  return rowsOf<MeterCounterRow>(
    await tx.execute(sql`
      select device_id as d, (extract(epoch from ts) * 1000)::float8 as ms, import_kwh as imp, export_kwh as exp from meter_counters
      where device_id = any(${sql.param([...deviceIds])}::uuid[]) order by device_id for update`),
  );
}

/** New meter totals, one per device; an older one never replaces a newer. */
export async function saveMeterCounters(tx: DbOrTx, rows: readonly MeterCounterRow[]): Promise<void> {
  if (rows.length === 0) return;
  const sorted = [...rows].sort((a, b) => (a.d < b.d ? -1 : 1));
  await tx.execute(sql`
    insert into meter_counters as t (device_id, ts, import_kwh, export_kwh)
    select u.d, to_timestamp(u.ts / 1000.0), u.imp, u.exp
    from unnest(${uuidArray(sorted.map((r) => r.d))}::uuid[], ${numberArray(sorted.map((r) => r.ms))}::float8[], ${numberArray(sorted.map((r) => r.imp))}::float8[], ${numberArray(sorted.map((r) => r.exp))}::float8[]) as u(d, ts, imp, exp)
    on conflict (device_id) do update set ts = excluded.ts, import_kwh = excluded.import_kwh, export_kwh = excluded.export_kwh where excluded.ts > t.ts`);
}
