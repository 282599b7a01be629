import { and, eq, isNull, sql } from 'drizzle-orm';
import { INTERVAL_MS, type IngestRejection, type IngestResult } from '@peakwise/contracts/ingest.contract';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/device.schema';
import { households } from '../../db/schema/household.schema';
import { counterToInterval, type CounterSnapshot } from '../../ingest/payload/counter';
import type { ValidatedBatch, ValidDeviceReading } from '../../ingest/payload/validate-readings';
import { notifySql, READINGS_CHANNEL, rowsOf } from '../../lib/notify';
import type { DbOrTx } from '../households/household.service';
import { recomputeDeviceRollups, recomputeMeterRollups } from './rollups';

/**
 * The devices a writer may write. The household's zone is not part of it: storeBatch reads it
 * inside its transaction, so a context loaded (or kept) earlier can never cut days in an old zone.
 */
export type StoreContext = {
  /** External id → device id, live devices the writer may write. */
  deviceIds: ReadonlyMap<string, string>;
};

/**
 * The devices a writer may write: all live devices, or just one for a device token. Null if the
 * household does not exist.
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

type DeviceRow = { d: string; ts: number; pw?: number; en?: number; ef?: number; on?: boolean; m?: Record<string, number> };

/**
 * Stores a validated batch in one transaction: idempotent upserts keyed on (series, ts) that
 * change a row only when a value differs (a resend is a duplicate, a correction replaces),
 * counters turned into interval energy, the touched hourly and daily rollups recomputed from
 * raw rows, device last-seen and relay state, and one NOTIFY on commit. Set-based: every step
 * is one statement whatever the batch size.
 */
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

export async function storeBatch(db: Db, householdId: string, validated: ValidatedBatch, options: StoreOptions = {}): Promise<IngestResult> {
  const now = options.now ?? new Date();
  const ctx = options.context ?? (await loadStoreContext(db, householdId));
  if (!ctx) throw new Error(`Unknown household ${householdId}`);
  const rejected: IngestRejection[] = [...validated.rejected];
  const received = now.toISOString();

  return db.transaction(async (tx) => {
    // The zone that cuts the daily buckets is read here, under a share lock, not from the context
    // loaded before the transaction: a time-zone change locks the row, so this batch's days are
    // cut either before its rebuild (which then sees these rows) or after it, in the new zone.
    const [zoneRow] = rowsOf<{ zone: string }>(await tx.execute(sql`select time_zone as zone from households where id = ${householdId}::uuid for share`));
    if (!zoneRow) throw new Error(`Unknown household ${householdId}`);
    const timeZone = zoneRow.zone;

    // 1. Household meter.
    const meterChanged: number[] = [];
    if (validated.meter.length > 0) {
      const input = validated.meter.map((r) => ({ ts: r.ts.toISOString(), p: r.productionKwh, c: r.consumptionKwh, i: r.gridImportKwh, e: r.gridExportKwh }));
      const result = await tx.execute(sql`
        insert into meter_readings as t (household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, received_at)
        select ${householdId}::uuid, r.ts, r.p, r.c, r.i, r.e, ${received}::timestamptz
        from json_to_recordset(${JSON.stringify(input)}::json) as r(ts timestamptz, p float8, c float8, i float8, e float8)
        on conflict (household_id, ts) do update set
          production_kwh = excluded.production_kwh, consumption_kwh = excluded.consumption_kwh,
          grid_import_kwh = excluded.grid_import_kwh, grid_export_kwh = excluded.grid_export_kwh, received_at = excluded.received_at
        where (t.production_kwh, t.consumption_kwh, t.grid_import_kwh, t.grid_export_kwh)
          is distinct from (excluded.production_kwh, excluded.consumption_kwh, excluded.grid_import_kwh, excluded.grid_export_kwh)
        returning (extract(epoch from ts) * 1000)::float8 as ms`);
      for (const row of rowsOf<{ ms: number }>(result)) meterChanged.push(row.ms);
    }

    // 2. Devices: counters become interval energy; everything merges into one row per (device, ts).
    const readings = validated.devices.filter((r) => {
      if (ctx.deviceIds.has(r.device)) return true;
      rejected.push(unknownDevice(r));
      return false;
    });
    const { rows, contributors, counterMoved, refused, counters } = await planDeviceRows(tx, ctx, readings);
    rejected.push(...refused);

    // A value sent replaces the stored one (a correction); a field not sent keeps what is stored.
    const pick = (column: string) =>
      options.keepExisting ? sql.raw(`coalesce(t.${column}, excluded.${column})`) : sql.raw(`coalesce(excluded.${column}, t.${column})`);
    const deviceChanged: { d: string; ms: number }[] = [];
    if (rows.size > 0) {
      const result = await tx.execute(sql`
        insert into device_readings as t (device_id, ts, power_w, energy_kwh, efficiency, relay_on, metrics, received_at)
        select r.d, to_timestamp(r.ts / 1000.0), r.pw, r.en, r.ef, r."on", r.m, ${received}::timestamptz
        from json_to_recordset(${JSON.stringify([...rows.values()])}::json)
          as r(d uuid, ts float8, pw float8, en float8, ef float8, "on" boolean, m jsonb)
        on conflict (device_id, ts) do update set
          power_w = ${pick('power_w')}, energy_kwh = ${pick('energy_kwh')}, efficiency = ${pick('efficiency')},
          relay_on = ${pick('relay_on')}, metrics = ${pick('metrics')}, received_at = excluded.received_at
        where (t.power_w, t.energy_kwh, t.efficiency, t.relay_on, t.metrics) is distinct from
          (${pick('power_w')}, ${pick('energy_kwh')}, ${pick('efficiency')}, ${pick('relay_on')}, ${pick('metrics')})
        returning device_id as d, (extract(epoch from ts) * 1000)::float8 as ms`);
      deviceChanged.push(...rowsOf<{ d: string; ms: number }>(result));
    }
    if (counters.length > 0) {
      await tx.execute(sql`
        insert into device_counters as t (device_id, ts, counter_kwh)
        select r.d, to_timestamp(r.ts / 1000.0), r.c from json_to_recordset(${JSON.stringify(counters)}::json) as r(d uuid, ts float8, c float8)
        on conflict (device_id) do update set ts = excluded.ts, counter_kwh = excluded.counter_kwh where excluded.ts > t.ts`);
    }

    // 3. Accepted = the reading changed something; the rest of the valid readings were already stored.
    const changedKeys = new Set(deviceChanged.map((c) => rowKey(c.d, c.ms)));
    let acceptedDevices = 0;
    for (const [index, keys] of contributors) {
      if (counterMoved.has(index) || keys.some((k) => changedKeys.has(k))) acceptedDevices += 1;
    }
    const validDevices = readings.length - refused.length;
    const accepted = meterChanged.length + acceptedDevices;
    const duplicates = validated.duplicates + (validated.meter.length - meterChanged.length) + (validDevices - acceptedDevices);

    // 4. Rollups of the touched buckets only, recomputed from raw rows.
    await recomputeMeterRollups(tx, householdId, timeZone, meterChanged);
    await recomputeDeviceRollups(tx, timeZone, deviceChanged);

    // 5. Last seen and relay state, from the readings that were not refused.
    await updateDeviceState(tx, readings, refused, ctx);

    // 6. Tell live listeners (delivered on commit, never for a rollback).
    const latest = Math.max(-Infinity, ...meterChanged, ...deviceChanged.map((c) => c.ms));
    if (Number.isFinite(latest)) {
      const kinds = [...(meterChanged.length > 0 ? (['meter'] as const) : []), ...(deviceChanged.length > 0 ? (['device'] as const) : [])];
      await tx.execute(notifySql(READINGS_CHANNEL, { householdId, latestTs: new Date(latest).toISOString(), kinds }));
    }

    rejected.sort((a, b) => (a.series === b.series ? a.index - b.index : a.series === 'meter' ? -1 : 1));
    return { accepted, duplicates, rejected };
  });
}

const rowKey = (deviceId: string, ms: number) => `${deviceId}|${ms}`;

function unknownDevice(r: ValidDeviceReading): IngestRejection {
  return { index: r.index, series: 'device', reason: 'unknown_device', message: `No device with this id belongs to the authenticated household or token. (${r.device})` };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function planDeviceRows(tx: Tx, ctx: StoreContext, readings: ValidDeviceReading[]) {
  const rows = new Map<string, DeviceRow>();
  /** Reading index → the row keys it wrote to. */
  const contributors = new Map<number, string[]>();
  const counterMoved = new Set<number>();
  const refused: IngestRejection[] = [];
  const counters: { d: string; ts: number; c: number }[] = [];

  const rowAt = (d: string, ts: number) => {
    const key = rowKey(d, ts);
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { d, ts }));
    return { key, row };
  };
  const contribute = (index: number, key: string) => {
    const keys = contributors.get(index);
    if (keys) keys.push(key);
    else contributors.set(index, [key]);
  };

  // Counter readings are judged first, in time order per device, against the stored baseline.
  const counterReadings = readings.filter((r) => r.counterKwh !== undefined);
  const refusedIndexes = new Set<number>();
  if (counterReadings.length > 0) {
    const ids = [...new Set(counterReadings.map((r) => ctx.deviceIds.get(r.device)!))];
    // FOR UPDATE: two batches for one plug serialise here instead of both subtracting from the same baseline.
    const stored = rowsOf<{ d: string; ms: number; c: number }>(
      await tx.execute(sql`
        select device_id as d, (extract(epoch from ts) * 1000)::float8 as ms, counter_kwh as c from device_counters
        where device_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}) for update`),
    );
    const previous = new Map<string, CounterSnapshot>(stored.map((s) => [s.d, { ts: new Date(s.ms), counterKwh: s.c }]));
    const sorted = [...counterReadings].sort((a, b) => a.ts.getTime() - b.ts.getTime());
    const moved = new Set<string>();
    for (const r of sorted) {
      const d = ctx.deviceIds.get(r.device)!;
      const current: CounterSnapshot = { ts: r.ts, counterKwh: r.counterKwh! };
      const step = counterToInterval(previous.get(d) ?? null, current);
      contributors.set(r.index, contributors.get(r.index) ?? []);
      switch (step.kind) {
        case 'stale':
          continue;
        case 'refused':
          refusedIndexes.add(r.index);
          refused.push({ index: r.index, series: 'device', reason: step.reason, message: step.message });
          break;
        case 'interval': {
          const { key, row } = rowAt(d, step.start.getTime());
          row.en ??= step.energyKwh;
          contribute(r.index, key);
          counterMoved.add(r.index);
          break;
        }
        case 'gap':
          // Energy spread over several intervals is unknown; a counter that did not move is a known zero.
          if (step.energyKwh === 0) {
            for (let i = 0; i < step.intervals; i += 1) {
              const { key, row } = rowAt(d, step.start.getTime() + i * INTERVAL_MS);
              row.en ??= 0;
              contribute(r.index, key);
            }
          }
          counterMoved.add(r.index);
          break;
        case 'baseline':
          counterMoved.add(r.index);
          break;
      }
      previous.set(d, current);
      moved.add(d);
    }
    for (const d of moved) {
      const snapshot = previous.get(d)!;
      counters.push({ d, ts: snapshot.ts.getTime(), c: snapshot.counterKwh });
    }
  }

  for (const r of readings) {
    if (refusedIndexes.has(r.index)) continue;
    const hasMeasurement = r.powerW !== undefined || r.energyKwh !== undefined || r.efficiency !== undefined || r.on !== undefined || (r.metrics !== undefined && Object.keys(r.metrics).length > 0);
    contributors.set(r.index, contributors.get(r.index) ?? []);
    if (!hasMeasurement) continue;
    const { key, row } = rowAt(ctx.deviceIds.get(r.device)!, r.ts.getTime());
    if (r.powerW !== undefined) row.pw = r.powerW;
    // An interval energy sent by the device wins over one derived from counters.
    if (r.energyKwh !== undefined) row.en = r.energyKwh;
    if (r.efficiency !== undefined) row.ef = r.efficiency;
    if (r.on !== undefined) row.on = r.on;
    if (r.metrics !== undefined && Object.keys(r.metrics).length > 0) row.m = r.metrics;
    contribute(r.index, key);
  }
  return { rows, contributors, counterMoved, refused, counters };
}

async function updateDeviceState(tx: Tx, readings: ValidDeviceReading[], refused: IngestRejection[], ctx: StoreContext) {
  const refusedIndexes = new Set(refused.map((r) => r.index));
  const byDevice = new Map<string, { id: string; seen: number; relay?: boolean; relayTs?: number }>();
  for (const r of readings) {
    if (refusedIndexes.has(r.index)) continue;
    const id = ctx.deviceIds.get(r.device)!;
    const state = byDevice.get(id) ?? { id, seen: -Infinity };
    state.seen = Math.max(state.seen, r.ts.getTime());
    if (r.on !== undefined && (state.relayTs === undefined || r.ts.getTime() >= state.relayTs)) {
      state.relay = r.on;
      state.relayTs = r.ts.getTime();
    }
    byDevice.set(id, state);
  }
  if (byDevice.size === 0) return;
  await updateDevicesSeen(tx, [...byDevice.values()]);
}

/**
 * last_seen_at only moves forward; the relay state is taken from a report at least as new as the
 * last one seen, so a late, older message cannot flip the switch shown to the member.
 */
export async function updateDevicesSeen(tx: DbOrTx, states: { id: string; seen: number; relay?: boolean; relayTs?: number }[]) {
  await tx.execute(sql`
    update devices as d set
      last_seen_at = greatest(d.last_seen_at, to_timestamp(s.seen / 1000.0)),
      relay_on = case when s.relay is not null and (d.last_seen_at is null or to_timestamp(s.relay_ts / 1000.0) >= d.last_seen_at)
                      then s.relay else d.relay_on end
    from json_to_recordset(${JSON.stringify(states.map((s) => ({ id: s.id, seen: s.seen, relay: s.relay ?? null, relay_ts: s.relayTs ?? null })))}::json)
      as s(id uuid, seen float8, relay boolean, relay_ts float8)
    where d.id = s.id`);
}
