import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Reliability } from '@peakwise/domain/reliability';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { devices } from '../../db/schema/device.schema';
import { maintenanceActions, maintenanceComponents, maintenanceScoredDays } from '../../db/schema/maintenance.schema';
import { uuidArray } from '../../lib/pg-array';

export type Component = typeof maintenanceComponents.$inferSelect;
export type NewComponentRow = typeof maintenanceComponents.$inferInsert;

export async function insertComponent(db: DbOrTx, values: NewComponentRow): Promise<Component> {
  const [row] = await db.insert(maintenanceComponents).values(values).returning();
  if (!row) throw new Error('Component insert returned nothing');
  return row;
}

/** Forgets which days were scored, so the next evaluation scores the household's whole history again. */
export async function forgetScoredDays(db: DbOrTx, householdId: string): Promise<void> {
  await db.delete(maintenanceScoredDays).where(eq(maintenanceScoredDays.householdId, householdId));
}

/** Live components of a household, oldest first. */
export async function listComponents(db: DbOrTx, householdId: string): Promise<Component[]> {
  return db
    .select()
    .from(maintenanceComponents)
    .where(and(eq(maintenanceComponents.householdId, householdId), isNull(maintenanceComponents.removedAt)))
    .orderBy(maintenanceComponents.createdAt, maintenanceComponents.name);
}

/** A live component of the household, or undefined. */
export async function findComponent(db: DbOrTx, householdId: string, componentId: string): Promise<Component | undefined> {
  const [row] = await db
    .select()
    .from(maintenanceComponents)
    .where(and(eq(maintenanceComponents.id, componentId), eq(maintenanceComponents.householdId, householdId), isNull(maintenanceComponents.removedAt)));
  return row;
}

export async function liveDevicesOf(db: DbOrTx, householdId: string): Promise<{ id: string; name: string; kind: string }[]> {
  return db
    .select({ id: devices.id, name: devices.name, kind: devices.kind })
    .from(devices)
    .where(and(eq(devices.householdId, householdId), isNull(devices.removedAt)));
}

export async function retireComponents(db: DbOrTx, componentIds: readonly string[], now: Date): Promise<void> {
  if (componentIds.length === 0) return;
  await db
    .update(maintenanceComponents)
    .set({ removedAt: now })
    .where(inArray(maintenanceComponents.id, [...componentIds]));
}

/** Retires a removed device's component at once, rather than at the next evaluation. */
export async function retireComponentsOfDevice(db: DbOrTx, deviceId: string, now = new Date()): Promise<void> {
  await db
    .update(maintenanceComponents)
    .set({ removedAt: now })
    .where(and(eq(maintenanceComponents.deviceId, deviceId), isNull(maintenanceComponents.removedAt)));
}

/** A renamed device renames its component. */
export async function renameComponentsAfterDevices(db: DbOrTx, householdId: string): Promise<void> {
  await db.execute(sql`
    update maintenance_components c set name = d.name from devices d
    where c.device_id = d.id and c.household_id = ${householdId}::uuid and c.removed_at is null and c.name <> d.name`);
}

export async function setNextMaintenance(
  db: DbOrTx,
  componentId: string,
  next: Pick<Component, 'nextMaintenance' | 'nextMaintenanceSource'> & Partial<Pick<Component, 'lastMaintenance'>>,
): Promise<Component> {
  const [row] = await db.update(maintenanceComponents).set(next).where(eq(maintenanceComponents.id, componentId)).returning();
  if (!row) throw new Error('Component update returned nothing');
  return row;
}

export async function recordMaintenanceAction(db: DbOrTx, action: typeof maintenanceActions.$inferInsert): Promise<void> {
  await db.insert(maintenanceActions).values(action);
}

export async function setReliability(db: DbOrTx, componentId: string, r: Reliability | null, today: string): Promise<void> {
  await db.execute(sql`
    update maintenance_components set mtbf_hours = ${r?.mtbfHours ?? null}::float8, mttr_hours = ${r?.mttrHours ?? null}::float8,
      reliability_source = ${r?.source ?? null}, reliability_on = ${today}::date
    where id = ${componentId}::uuid`);
}

/** Room name of each of the household's devices (null when not placed). */
export async function deviceRooms(db: DbOrTx, householdId: string): Promise<Map<string, string | null>> {
  const rows = rowsOf<{ id: string; room: string | null }>(
    await db.execute(sql`
      select d.id::text as id, r.name as room from devices d left join rooms r on r.id = d.room_id where d.household_id = ${householdId}::uuid`),
  );
  return new Map(rows.map((r) => [r.id, r.room]));
}

/** Rated power in watts of the given devices that declare one. */
export async function deviceRatedWatts(db: DbOrTx, deviceIds: readonly string[]): Promise<Map<string, number>> {
  if (deviceIds.length === 0) return new Map();
  const rows = rowsOf<{ id: string; w: number | null }>(
    await db.execute(sql`select id::text as id, rated_power_w as w from devices where id = any(${uuidArray(deviceIds)}::uuid[])`),
  );
  return new Map(rows.filter((r) => r.w !== null && r.w > 0).map((r) => [r.id, Number(r.w)]));
}

/** Sets each device's status in one statement, touching only those that change. */
export async function setDeviceStatuses(db: DbOrTx, statuses: readonly { deviceId: string; status: string }[]): Promise<void> {
  if (statuses.length === 0) return;
  await db.execute(sql`
    update devices d set status = s.status from json_to_recordset(${JSON.stringify(statuses)}::json) as s("deviceId" uuid, status text)
    where d.id = s."deviceId" and d.status <> s.status`);
}

/**
 * Of `householdIds`, those maintenance has anything to look at: a device or a component, live or
 * removed. Without either an evaluation reads a dozen empty results and changes nothing, and a
 * meter-only home's readings would start one on every server process every settle period
 * (decision 072). One round trip for many homes: the readings of a thousand homes end their
 * settle periods about fifty times a second per server process, and a look each was a round trip
 * each (decision 074).
 */
export async function withMaintenanceSubjects(db: DbOrTx, householdIds: readonly string[]): Promise<Set<string>> {
  if (householdIds.length === 0) return new Set();
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select h::text as id from unnest(${uuidArray(householdIds)}::uuid[]) as h
      where exists (select 1 from devices where household_id = h) or exists (select 1 from maintenance_components where household_id = h)`),
  );
  return new Set(rows.map((r) => r.id));
}

/** Households that have devices: the ones worth evaluating. */
export async function householdsWithDevices(db: DbOrTx): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(await db.execute(sql`select distinct household_id::text as id from devices where removed_at is null`));
  return rows.map((r) => r.id);
}

/** Namespace of the per-household advisory lock (the first key of the two-key form). */
const EVALUATION_LOCK = 0x6d61_696e; // "main"

/** Takes the household's evaluation lock for this transaction; false when another process holds it. */
export async function tryEvaluationLock(tx: DbOrTx, householdId: string): Promise<boolean> {
  const [lock] = rowsOf<{ ok: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${EVALUATION_LOCK}, hashtext(${householdId})) as ok`));
  return lock?.ok === true;
}
