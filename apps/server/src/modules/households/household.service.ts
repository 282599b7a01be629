import { localDateOf, isValidTimeZone } from '@peakwise/domain/local-time';
import { parsePostalCode, provinceOf, type ProvinceCode } from '@peakwise/domain/postal-code';
import { provinceTimeZone } from '@peakwise/domain/province-time-zone';
import { planById, planForProvince } from '@peakwise/domain/tariff-plans';
import { timeZoneSchema } from '@peakwise/contracts/account.contract';
import type { Db, DbOrTx } from '../../db/client';
import { forgetPrices } from '../energy/energy-daily-cost.repository';
import { findHouseholdByOwner, insertHouseholdOnce, insertRooms, profileTimeZoneOf, putTariffFrom, type Household } from './household.repository';

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
    const created = await insertHouseholdOnce(tx, {
        ownerUserId: userId,
        name: defaults.name ?? 'My home',
        postalCode,
        province,
        timeZone,
        latitude: defaults.latitude ?? null,
        longitude: defaults.longitude ?? null,
      ...(defaults.occupants !== undefined ? { occupants: defaults.occupants } : {}),
    });
    if (!created) {
      const winner = await findHouseholdByOwner(tx, userId);
      if (!winner) throw new Error('Household vanished while being created');
      return winner;
    }
    await insertRooms(tx, created.id, DEFAULT_ROOMS);
    const plan = planForProvince(province);
    // Effective from the household's first local day, so its whole history is priced.
    if (plan) await putTariffFrom(tx, created.id, plan.id, localDateOf(now, timeZone));
    return created;
  });
}

async function profileTimeZone(db: DbOrTx, userId: string): Promise<string | undefined> {
  const zone = await profileTimeZoneOf(db, userId);
  return timeZoneSchema.safeParse(zone).success ? zone : undefined;
}

/**
 * Switches plan from a date on. Past days keep the plan they had: a new row is appended (or
 * the row already starting that day is replaced), never an earlier one edited.
 */
export async function changeTariff(db: DbOrTx, householdId: string, planId: string, effectiveFrom: string): Promise<void> {
  if (!planById(planId)) throw new Error(`Unknown tariff plan: ${planId}`);
  await db.transaction(async (tx) => {
    await forgetPrices(tx, householdId, effectiveFrom);
    await putTariffFrom(tx, householdId, planId, effectiveFrom);
  });
}
