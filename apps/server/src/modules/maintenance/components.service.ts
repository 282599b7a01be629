import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { componentKindForDevice, nextRoutineDate, type ComponentKind } from '@peakwise/domain/maintenance-catalogue';
import { localDateOf } from '@peakwise/domain/local-time';
import { devices } from '../../db/schema/device.schema';
import { maintenanceComponents, maintenanceScoredDays } from '../../db/schema/maintenance.schema';
import type { Household } from '../households/household.service';
import type { DbOrTx } from '../../db/client';

export type Component = typeof maintenanceComponents.$inferSelect;

/** The solar array's component name; panels keep their device names. */
export const SOLAR_ARRAY_NAME = 'Solar array';

export type NewComponent = {
  deviceId: string | null;
  name: string;
  kind: ComponentKind;
  lastMaintenance?: string | null;
};

/** Adds a component, its first routine date counted from its last maintenance or from today. */
export async function addComponent(db: DbOrTx, household: Household, input: NewComponent, now = new Date()): Promise<Component> {
  const today = localDateOf(now, household.timeZone);
  const next = nextRoutineDate(input.kind, input.lastMaintenance ?? null, today);
  const [row] = await db
    .insert(maintenanceComponents)
    .values({
      householdId: household.id,
      deviceId: input.deviceId,
      name: input.name,
      kind: input.kind,
      lastMaintenance: input.lastMaintenance ?? null,
      nextMaintenance: next,
      nextMaintenanceSource: next === null ? null : 'interval',
    })
    .returning();
  if (!row) throw new Error('Component insert returned nothing');
  // Its history has not been scored: score every day again (cheap, and only once).
  await db.delete(maintenanceScoredDays).where(eq(maintenanceScoredDays.householdId, household.id));
  return row;
}

/** Live components of a household, oldest first. */
export async function listComponents(db: DbOrTx, householdId: string): Promise<Component[]> {
  return db
    .select()
    .from(maintenanceComponents)
    .where(and(eq(maintenanceComponents.householdId, householdId), isNull(maintenanceComponents.removedAt)))
    .orderBy(maintenanceComponents.createdAt, maintenanceComponents.name);
}

/**
 * Keeps components in step with the devices: equipment whose kind says what it is gets one when
 * paired (and panels an array), and a removed device's component is retired with it (its
 * history stays). Components of plugs are left to whoever said what the plug feeds.
 */
export async function syncComponents(db: DbOrTx, household: Household, now = new Date()): Promise<void> {
  const live = await db
    .select({ id: devices.id, name: devices.name, kind: devices.kind })
    .from(devices)
    .where(and(eq(devices.householdId, household.id), isNull(devices.removedAt)));
  const components = await listComponents(db, household.id);
  const covered = new Set(components.map((c) => c.deviceId).filter((id): id is string => id !== null));

  for (const device of live) {
    const kind = componentKindForDevice(device.kind);
    if (kind && !covered.has(device.id)) await addComponent(db, household, { deviceId: device.id, name: device.name, kind }, now);
  }
  if (live.some((d) => d.kind === 'solar_panel') && !components.some((c) => c.kind === 'solar_array')) {
    await addComponent(db, household, { deviceId: null, name: SOLAR_ARRAY_NAME, kind: 'solar_array' }, now);
  }

  const liveIds = new Set(live.map((d) => d.id));
  const orphaned = components.filter((c) => c.deviceId !== null && !liveIds.has(c.deviceId)).map((c) => c.id);
  if (orphaned.length > 0) {
    await db.update(maintenanceComponents).set({ removedAt: now }).where(inArray(maintenanceComponents.id, orphaned));
  }
  // A renamed device renames its component.
  await db.execute(sql`
    update maintenance_components c set name = d.name from devices d
    where c.device_id = d.id and c.household_id = ${household.id}::uuid and c.removed_at is null and c.name <> d.name`);
}

/** Retires a removed device's component at once, rather than at the next evaluation. */
export async function retireComponentsOfDevice(db: DbOrTx, deviceId: string, now = new Date()): Promise<void> {
  await db
    .update(maintenanceComponents)
    .set({ removedAt: now })
    .where(and(eq(maintenanceComponents.deviceId, deviceId), isNull(maintenanceComponents.removedAt)));
}
