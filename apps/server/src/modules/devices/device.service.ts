import { and, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { devices, type DeviceKind } from '../../db/schema/device.schema';
import { AppError } from '../../lib/errors';

export type Device = typeof devices.$inferSelect;

/** One answer for another household's device, a removed one, an unknown id and a malformed one. */
export const deviceNotFound = () => new AppError(404, 'not_found', 'No such device in your household.');

export type NewDevice = {
  externalId: string;
  name: string;
  kind: DeviceKind;
  roomId?: string | null;
  x?: number | null;
  y?: number | null;
  ratedPowerW?: number | null;
  neverSwitch?: boolean;
};

/** Registers a device; throws on a live device with the same external id in the household. */
export async function createDevice(db: Db, householdId: string, input: NewDevice): Promise<Device> {
  const [row] = await db.insert(devices).values({ householdId, ...input }).returning();
  if (!row) throw new Error('Device insert returned nothing');
  return row;
}

/** Live (not removed) devices of a household. */
export async function listDevices(db: DbOrTx, householdId: string): Promise<Device[]> {
  return db
    .select()
    .from(devices)
    .where(and(eq(devices.householdId, householdId), isNull(devices.removedAt)))
    .orderBy(devices.createdAt);
}

export async function getDevice(db: DbOrTx, householdId: string, deviceId: string): Promise<Device | null> {
  const [row] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.householdId, householdId), eq(devices.id, deviceId)));
  return row ?? null;
}

/** Soft delete: readings stay and keep counting in totals; the device stops accepting new ones. */
export async function removeDevice(db: DbOrTx, householdId: string, deviceId: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(devices)
    .set({ removedAt: now })
    .where(and(eq(devices.householdId, householdId), eq(devices.id, deviceId), isNull(devices.removedAt)))
    .returning({ id: devices.id });
  return rows.length > 0;
}
