import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { uuidArray } from '../../lib/pg-array';
import type { Gen1Leaf } from '../../telemetry/shelly-gen1-em';
import type { Gen1ChannelValues } from '../../telemetry/shelly-gen1-sum';

/** A live first-generation Shelly EM meter, found by the MQTT id in its topics. */
export type Gen1Meter = { gen1Id: string; deviceId: string; householdId: string; clamps: 1 | 2 };

/**
 * The lookup by id. Its expression and condition are those of the partial index
 * `devices_gen1_id_live_idx` (migration 0068), which is what keeps it off the other devices' rows.
 */
export const gen1MetersQuery = (ids: readonly string[]) => sql`
  select d.external_id || '-' || left(d.household_id::text, 8) as gen1_id, d.id::text as device_id, d.household_id::text as household_id, d.meter_clamps as clamps
  from devices d
  where d.removed_at is null and d.meter_clamps is not null
    and d.external_id || '-' || left(d.household_id::text, 8) = any(${sql.param([...ids])}::text[])`;

/**
 * The live Gen1 meters the ids name. The id is the device's client id (`{external id}-{first 8 of
 * the household id}`); a live external id belongs to one home (decision 095), so an id names at
 * most one device. An id naming none (another device family, a removed meter, a typo) is absent.
 */
export async function findGen1Meters(db: DbOrTx, gen1Ids: readonly string[]): Promise<Map<string, Gen1Meter>> {
  const ids = [...new Set(gen1Ids)];
  if (ids.length === 0) return new Map();
  const rows = rowsOf<{ gen1_id: string; device_id: string; household_id: string; clamps: number }>(await db.execute(gen1MetersQuery(ids)));
  const found = new Map<string, Gen1Meter>();
  const ambiguous = new Set<string>();
  for (const row of rows) {
    if (found.has(row.gen1_id)) ambiguous.add(row.gen1_id);
    found.set(row.gen1_id, { gen1Id: row.gen1_id, deviceId: row.device_id, householdId: row.household_id, clamps: row.clamps === 1 ? 1 : 2 });
  }
  for (const id of ambiguous) found.delete(id);
  return found;
}

/**
 * The meters' device rows, locked in id order: one transaction at a time adds a channel's value
 * and reads the other's, so two channels written at once are never summed from a stale pair.
 */
export async function lockGen1Meters(tx: DbOrTx, deviceIds: readonly string[]): Promise<void> {
  if (deviceIds.length === 0) return;
  await tx.execute(sql`select id from devices where id = any(${uuidArray([...new Set(deviceIds)].sort())}::uuid[]) order by id for update`);
}

const COLUMNS: Record<Gen1Leaf, { value: string; at: string }> = {
  power: { value: 'power_w', at: 'power_at' },
  total: { value: 'total_wh', at: 'total_at' },
  total_returned: { value: 'returned_wh', at: 'returned_at' },
};

/** A channel's new value; an older one (a late message) never replaces a newer. */
export async function saveGen1Value(tx: DbOrTx, deviceId: string, channel: number, leaf: Gen1Leaf, value: number, at: Date): Promise<void> {
  const column = sql.raw(COLUMNS[leaf].value);
  const atColumn = sql.raw(COLUMNS[leaf].at);
  await tx.execute(sql`
    insert into shelly_gen1_channels as t (device_id, channel, ${column}, ${atColumn})
    values (${deviceId}::uuid, ${channel}, ${value}, ${at.toISOString()}::timestamptz)
    on conflict (device_id, channel) do update set ${column} = excluded.${column}, ${atColumn} = excluded.${atColumn}
    where t.${atColumn} is null or excluded.${atColumn} >= t.${atColumn}`);
}

/** A meter's channels' newest values, times in ms. */
export async function readGen1Channels(tx: DbOrTx, deviceId: string): Promise<Gen1ChannelValues[]> {
  const rows = rowsOf<{ channel: number; power_w: number | null; power_ms: number | null; total_wh: number | null; total_ms: number | null; returned_wh: number | null; returned_ms: number | null }>(
    await tx.execute(sql`
      select channel, power_w, (extract(epoch from power_at) * 1000)::float8 as power_ms, total_wh, (extract(epoch from total_at) * 1000)::float8 as total_ms,
        returned_wh, (extract(epoch from returned_at) * 1000)::float8 as returned_ms
      from shelly_gen1_channels where device_id = ${deviceId}::uuid order by channel`),
  );
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  return rows.map((r) => ({
    channel: Number(r.channel),
    powerW: num(r.power_w),
    powerMs: num(r.power_ms),
    totalWh: num(r.total_wh),
    totalMs: num(r.total_ms),
    returnedWh: num(r.returned_wh),
    returnedMs: num(r.returned_ms),
  }));
}
