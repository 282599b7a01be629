import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedPerDb } from '../../db/prepared-statement';
import { rowsOf } from '../../db/rows';
import { householdTariffs, households, rooms } from '../../db/schema/household.schema';
import { profiles } from '../../db/schema/profile.schema';

export type Household = typeof households.$inferSelect;
export type Room = typeof rooms.$inferSelect;
type NewRoom = Omit<typeof rooms.$inferInsert, 'householdId'>;

/** Inserts the owner's household unless they already have one (then undefined: the other insert won). */
export async function insertHouseholdOnce(db: DbOrTx, values: typeof households.$inferInsert): Promise<Household | undefined> {
  const [created] = await db.insert(households).values(values).onConflictDoNothing({ target: households.ownerUserId }).returning();
  return created;
}

export async function insertRooms(db: DbOrTx, householdId: string, newRooms: readonly NewRoom[]): Promise<void> {
  await db.insert(rooms).values(newRooms.map((room) => ({ householdId, ...room })));
}

export async function findHouseholdByOwner(db: DbOrTx, userId: string): Promise<Household | null> {
  const [row] = await householdByOwner(db).execute({ userId });
  return row ?? null;
}

// Every signed-in request looks its household up: PostgreSQL keeps these prepared per connection.
const householdByOwner = preparedPerDb((db) =>
  db
    .select()
    .from(households)
    .where(eq(households.ownerUserId, sql.placeholder('userId')))
    .prepare('household_by_owner'),
);

export async function getHousehold(db: DbOrTx, householdId: string): Promise<Household | null> {
  const [row] = await db.select().from(households).where(eq(households.id, householdId));
  return row ?? null;
}

/** The zone the member chose in Settings, as stored (unchecked). */
export async function profileTimeZoneOf(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ timeZone: profiles.timeZone }).from(profiles).where(eq(profiles.id, userId));
  return row?.timeZone ?? undefined;
}

/** Whether the room is one of the household's own. */
export async function isOwnRoom(db: DbOrTx, householdId: string, roomId: string): Promise<boolean> {
  const [row] = await db.select({ id: rooms.id }).from(rooms).where(and(eq(rooms.id, roomId), eq(rooms.householdId, householdId)));
  return row !== undefined;
}

export async function listRooms(db: DbOrTx, householdId: string): Promise<Room[]> {
  return roomsOf(db).execute({ householdId });
}

const roomsOf = preparedPerDb((db) =>
  db
    .select()
    .from(rooms)
    .where(eq(rooms.householdId, sql.placeholder('householdId')))
    .orderBy(rooms.y, rooms.x)
    .prepare('rooms_of_household'),
);

/** Sets the plan from a date on; a row already starting that day is replaced. */
export async function putTariffFrom(db: DbOrTx, householdId: string, planId: string, effectiveFrom: string): Promise<void> {
  await db
    .insert(householdTariffs)
    .values({ householdId, planId, effectiveFrom })
    .onConflictDoUpdate({ target: [householdTariffs.householdId, householdTariffs.effectiveFrom], set: { planId } });
}

/** The plan id in force on a local date, or null before the first one. */
export async function tariffOn(db: DbOrTx, householdId: string, localDate: string): Promise<string | null> {
  const [row] = await tariffOnQuery(db).execute({ householdId, localDate });
  return row?.planId ?? null;
}

const tariffOnQuery = preparedPerDb((db) =>
  db
    .select({ planId: householdTariffs.planId })
    .from(householdTariffs)
    .where(and(eq(householdTariffs.householdId, sql.placeholder('householdId')), lte(householdTariffs.effectiveFrom, sql.placeholder('localDate'))))
    .orderBy(desc(householdTariffs.effectiveFrom))
    .limit(1)
    .prepare('tariff_on'),
);

/** The household's zone, its row locked until the transaction ends (ingest reads it under a share lock). */
export async function lockTimeZone(tx: DbOrTx, householdId: string): Promise<string | undefined> {
  const [row] = rowsOf<{ zone: string }>(await tx.execute(sql`select time_zone as zone from households where id = ${householdId}::uuid for update`));
  return row?.zone;
}

export async function setTimeZone(tx: DbOrTx, householdId: string, zone: string): Promise<void> {
  await tx.update(households).set({ timeZone: zone }).where(eq(households.id, householdId));
}

/** Where the home is: its postal code (normalised, no space) and the province it lies in. */
export async function setPlace(tx: DbOrTx, householdId: string, postalCode: string, province: string): Promise<void> {
  await tx.update(households).set({ postalCode, province }).where(eq(households.id, householdId));
}

/** The member's word on whether the home has a battery (decision 138). */
export async function setHasBattery(db: DbOrTx, householdId: string, hasBattery: boolean): Promise<void> {
  await db.update(households).set({ hasBattery }).where(eq(households.id, householdId));
}
