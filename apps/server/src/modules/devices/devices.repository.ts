import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { devices, type DeviceKind } from '../../db/schema/device.schema';
import { plugSwitchEvents } from '../../db/schema/plug-switch.schema';

export type Device = typeof devices.$inferSelect;

export type NewDevice = {
  externalId: string;
  name: string;
  kind: DeviceKind;
  roomId?: string | null;
  x?: number | null;
  y?: number | null;
  ratedPowerW?: number | null;
  neverSwitch?: boolean;
  meterClamps?: number | null;
};

/** Registers a device; throws on a live device with the same external id in the household. */
export async function createDevice(db: DbOrTx, householdId: string, input: NewDevice): Promise<Device> {
  const [row] = await db.insert(devices).values({ householdId, ...input }).returning();
  if (!row) throw new Error('Device insert returned nothing');
  return row;
}

/**
 * Whether a live device with this external id is paired with another household whose owner still
 * has an account (an erased account keeps its devices' rows, decision 079, but not the hardware).
 * Takes a transaction-scoped lock on the id first, so two households pairing the same device at
 * once are checked one after the other (decision 095); call it inside the pairing's transaction.
 */
export async function isPairedElsewhere(tx: DbOrTx, householdId: string, externalId: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`device:${externalId}`}))`);
  const [row] = rowsOf<{ found: boolean }>(
    await tx.execute(sql`
      select exists (
        select 1 from devices d
        join households h on h.id = d.household_id
        join profiles p on p.id = h.owner_user_id
        where d.external_id = ${externalId} and d.household_id <> ${householdId}::uuid and d.removed_at is null and p.deleted_at is null
      ) as found`),
  );
  return row?.found === true;
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

/** A live device of the household, its row locked for the rest of the transaction. */
export async function lockLiveDevice(tx: DbOrTx, householdId: string, deviceId: string): Promise<Device | null> {
  const [row] = await tx
    .select()
    .from(devices)
    .where(and(eq(devices.householdId, householdId), eq(devices.id, deviceId), isNull(devices.removedAt)))
    .for('update');
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

/** Sets the given fields of a live device of the household; undefined when there is none. */
export async function updateLiveDevice(db: DbOrTx, householdId: string, deviceId: string, set: Partial<Pick<Device, 'name' | 'roomId' | 'x' | 'y' | 'neverSwitch' | 'meterClamps'>>): Promise<Device | undefined> {
  const [row] = await db
    .update(devices)
    .set(set)
    .where(and(eq(devices.id, deviceId), eq(devices.householdId, householdId), isNull(devices.removedAt)))
    .returning();
  return row;
}

/** A live device of the household, as a switch needs it. */
export async function liveDeviceOf(db: DbOrTx, householdId: string, deviceId: string) {
  const [device] = await db
    .select({ id: devices.id, externalId: devices.externalId, kind: devices.kind, neverSwitch: devices.neverSwitch, name: devices.name })
    .from(devices)
    .where(and(eq(devices.id, deviceId), eq(devices.householdId, householdId), isNull(devices.removedAt)));
  return device;
}

/** The relay state the plug last reported, and when it last reported anything. */
export async function relayStateOf(db: DbOrTx, deviceId: string): Promise<{ relayOn: boolean | null; lastSeenAt: Date | null } | undefined> {
  const [row] = await db.select({ relayOn: devices.relayOn, lastSeenAt: devices.lastSeenAt }).from(devices).where(eq(devices.id, deviceId));
  return row;
}

/** Records a switch the broker accepted; its outcome is set when the plug confirms or the wait ends. */
export async function recordSwitchRequest(db: DbOrTx, values: typeof plugSwitchEvents.$inferInsert): Promise<string> {
  const [row] = await db.insert(plugSwitchEvents).values(values).returning({ id: plugSwitchEvents.id });
  if (!row) throw new Error('Switch insert returned nothing');
  return row.id;
}

export async function resolveSwitchRequest(db: DbOrTx, eventId: string, outcome: 'confirmed' | 'timed_out', at: Date): Promise<void> {
  await db.update(plugSwitchEvents).set({ outcome, resolvedAt: at }).where(eq(plugSwitchEvents.id, eventId));
}
