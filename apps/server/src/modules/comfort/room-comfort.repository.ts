import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_CEILING_C, DEFAULT_FLOOR_C, type ComfortLimits, type ComfortLoad } from '@peakwise/domain/room-comfort';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

export type RoomComfortRow = {
  roomId: string;
  name: string;
  floorC: number;
  ceilingC: number;
  isDefault: boolean;
  temperatureC: number | null;
  measuredAt: string | null;
  hasSensor: boolean;
  preheat: boolean;
};

/**
 * What a query reads of a room's comfort, for rows that name the room by `roomId` (an SQL
 * expression; null: no room): `columns`, its limits (the defaults where none are saved) as
 * "floorC" and "ceilingC", whether a live temperature device is in it ("hasSensor") and that
 * device's newest figure ("temperatureC"); `joins`, the limits as `l` and the newest reading as
 * `t` (its `measured_at` for the caller to shape). The settings screen and an event's comfort
 * check read a room through this one definition, so they never disagree on a room's state.
 */
export function roomComfortSql(roomId: SQL): { columns: SQL; joins: SQL } {
  const liveThermometer = sql`s.room_id = ${roomId} and s.kind = 'temperature' and s.removed_at is null`;
  return {
    columns: sql`coalesce(l.floor_c::float8, ${DEFAULT_FLOOR_C}) as "floorC", coalesce(l.ceiling_c::float8, ${DEFAULT_CEILING_C}) as "ceilingC",
      exists (select 1 from devices s where ${liveThermometer}) as "hasSensor", t.temperature_c as "temperatureC"`,
    joins: sql`left join room_comfort_limits l on l.room_id = ${roomId}
      left join lateral (
        select dt.temperature_c, dt.measured_at from device_temperatures dt join devices s on s.id = dt.device_id
        where ${liveThermometer}
        order by dt.measured_at desc limit 1) t on true`,
  };
}

/**
 * The household's rooms with their limits (the defaults where none are saved) and the newest
 * reading of the room's live temperature devices.
 */
export async function householdRoomComfort(db: DbOrTx, householdId: string): Promise<RoomComfortRow[]> {
  const room = roomComfortSql(sql`r.id`);
  return rowsOf<RoomComfortRow>(
    await db.execute(sql`
      select r.id as "roomId", r.name, ${room.columns},
        (l.room_id is null) as "isDefault", coalesce(l.preheat, false) as preheat,
        to_char(t.measured_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "measuredAt"
      from rooms r
      ${room.joins}
      where r.household_id = ${householdId}::uuid
      order by r.name, r.id`),
  );
}

export type ComfortPlugRow = { deviceId: string; name: string; roomId: string | null; load: ComfortLoad | null };

/** The household's live smart plugs that may be switched, with what each powers. */
export async function householdComfortPlugs(db: DbOrTx, householdId: string): Promise<ComfortPlugRow[]> {
  return rowsOf<ComfortPlugRow>(
    await db.execute(sql`
      select d.id as "deviceId", d.name, d.room_id as "roomId", c.load
      from devices d left join comfort_loads c on c.device_id = d.id
      where d.household_id = ${householdId}::uuid and d.kind = 'smart_plug' and not d.never_switch and d.removed_at is null
      order by d.name, d.id`),
  );
}

export async function roomOfHousehold(db: DbOrTx, householdId: string, roomId: string): Promise<boolean> {
  return rowsOf(await db.execute(sql`select 1 from rooms where id = ${roomId}::uuid and household_id = ${householdId}::uuid`)).length > 0;
}

/** Saves the limits, and the pre-heat choice when given (left out: unchanged, off for a new row). */
export async function saveRoomLimits(db: DbOrTx, householdId: string, roomId: string, limits: ComfortLimits & { preheat?: boolean }, now: Date): Promise<void> {
  const preheat = limits.preheat ?? null;
  await db.execute(sql`
    insert into room_comfort_limits (room_id, household_id, floor_c, ceiling_c, preheat, updated_at)
    values (${roomId}::uuid, ${householdId}::uuid, ${limits.floorC}, ${limits.ceilingC}, coalesce(${preheat}::boolean, false), ${now.toISOString()}::timestamptz)
    on conflict (room_id) do update set floor_c = excluded.floor_c, ceiling_c = excluded.ceiling_c,
      preheat = coalesce(${preheat}::boolean, room_comfort_limits.preheat), updated_at = excluded.updated_at`);
}

export async function findHouseholdPlug(db: DbOrTx, householdId: string, deviceId: string): Promise<{ kind: string } | null> {
  const [row] = rowsOf<{ kind: string }>(
    await db.execute(sql`select kind from devices where id = ${deviceId}::uuid and household_id = ${householdId}::uuid and removed_at is null`),
  );
  return row ?? null;
}

export async function saveComfortLoad(db: DbOrTx, householdId: string, deviceId: string, load: ComfortLoad | null, now: Date): Promise<void> {
  if (load === null) {
    await db.execute(sql`delete from comfort_loads where device_id = ${deviceId}::uuid and household_id = ${householdId}::uuid`);
    return;
  }
  await db.execute(sql`
    insert into comfort_loads (device_id, household_id, load, updated_at) values (${deviceId}::uuid, ${householdId}::uuid, ${load}, ${now.toISOString()}::timestamptz)
    on conflict (device_id) do update set load = excluded.load, updated_at = excluded.updated_at`);
}
