import { and, eq, lte, desc, sql } from 'drizzle-orm';
import { localDateOf, isValidTimeZone } from '@peakwise/domain/local-time';
import { parsePostalCode, provinceOf, type ProvinceCode } from '@peakwise/domain/postal-code';
import { provinceTimeZone } from '@peakwise/domain/province-time-zone';
import { planById, planForProvince } from '@peakwise/domain/tariff-plans';
import { timeZoneSchema } from '@peakwise/contracts/account.contract';
import type { Db, DbOrTx } from '../../db/client';
import { householdTariffs, households, rooms } from '../../db/schema/household.schema';
import { preparedPerDb } from '../../db/prepared-statement';
import { forgetPrices } from '../energy/energy-daily-cost.repository';
import { profiles } from '../../db/schema/profile.schema';

export type Household = typeof households.$inferSelect;
export type Room = typeof rooms.$inferSelect;

/**
 * The five rooms of the spec's floor plan, in the 1000 × 600 plan space: living room and
 * kitchen along the front, bedroom, bathroom and office at the back.
 */
export const DEFAULT_ROOMS = [
  { name: 'Living Room', x: 0, y: 0, width: 450, height: 330 },
  { name: 'Kitchen', x: 450, y: 0, width: 550, height: 330 },
  { name: 'Bedroom', x: 0, y: 330, width: 400, height: 270 },
  { name: 'Bathroom', x: 400, y: 330, width: 250, height: 270 },
  { name: 'Office', x: 650, y: 330, width: 350, height: 270 },
] as const;

export type HouseholdDefaults = {
  name?: string;
  postalCode?: string | null;
  /** Used when there is no postal code; otherwise the postal code decides. */
  province?: ProvinceCode;
  timeZone?: string;
  latitude?: number | null;
  longitude?: number | null;
  occupants?: number;
};

/**
 * The member's household, created on first call with the spec's five rooms and the province's
 * default tariff (Ontario when nothing says otherwise). Idempotent and safe under concurrency:
 * two first requests racing create one household.
 */
export async function ensureHouseholdForUser(db: Db, userId: string, defaults: HouseholdDefaults = {}, now = new Date()): Promise<Household> {
  const existing = await findHouseholdByOwner(db, userId);
  if (existing) return existing;

  const parsed = defaults.postalCode ? parsePostalCode(defaults.postalCode) : null;
  const postalCode = parsed?.ok ? parsed.code : null;
  const province: ProvinceCode = postalCode ? provinceOf(postalCode) : (defaults.province ?? 'ON');
  const requestedZone = defaults.timeZone && isValidTimeZone(defaults.timeZone) ? defaults.timeZone : undefined;
  // With no place given, the member's own Settings choice beats the Ontario default: a member
  // who picked Pacific before their household existed gets Pacific days from the start.
  const placeGiven = postalCode !== null || defaults.province !== undefined;
  const chosenZone = requestedZone ?? (placeGiven ? undefined : await profileTimeZone(db, userId));
  const timeZone = chosenZone ?? provinceTimeZone(province);

  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(households)
      .values({
        ownerUserId: userId,
        name: defaults.name ?? 'My home',
        postalCode,
        province,
        timeZone,
        latitude: defaults.latitude ?? null,
        longitude: defaults.longitude ?? null,
        ...(defaults.occupants !== undefined ? { occupants: defaults.occupants } : {}),
      })
      .onConflictDoNothing({ target: households.ownerUserId })
      .returning();
    if (!created) {
      const winner = await findHouseholdByOwner(tx, userId);
      if (!winner) throw new Error('Household vanished while being created');
      return winner;
    }
    await tx.insert(rooms).values(DEFAULT_ROOMS.map((room) => ({ householdId: created.id, ...room })));
    const plan = planForProvince(province);
    // Effective from the household's first local day, so its whole history is priced.
    if (plan) await tx.insert(householdTariffs).values({ householdId: created.id, planId: plan.id, effectiveFrom: localDateOf(now, timeZone) });
    return created;
  });
}

async function profileTimeZone(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ timeZone: profiles.timeZone }).from(profiles).where(eq(profiles.id, userId));
  return row && timeZoneSchema.safeParse(row.timeZone).success ? row.timeZone : undefined;
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

/**
 * Switches plan from a date on. Past days keep the plan they had: a new row is appended (or
 * the row already starting that day is replaced), never an earlier one edited.
 */
export async function changeTariff(db: DbOrTx, householdId: string, planId: string, effectiveFrom: string): Promise<void> {
  if (!planById(planId)) throw new Error(`Unknown tariff plan: ${planId}`);
  await db.transaction(async (tx) => {
    await forgetPrices(tx, householdId, effectiveFrom);
    await tx
      .insert(householdTariffs)
      .values({ householdId, planId, effectiveFrom })
      .onConflictDoUpdate({ target: [householdTariffs.householdId, householdTariffs.effectiveFrom], set: { planId } });
  });
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
