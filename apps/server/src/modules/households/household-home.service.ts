import { HOME_ERROR_CODES, HOME_MESSAGES, type Home, type HouseholdBattery, type UpdateHome } from '@peakwise/contracts/household-home.contract';
import { POSTAL_CODE_INVALID_MESSAGE } from '@peakwise/contracts/postal.contract';
import { timeZoneSchema, type CanadianTimeZone } from '@peakwise/contracts/account.contract';
import { localDateOf } from '@peakwise/domain/local-time';
import { parsePostalCode, provinceOf, type ProvinceCode } from '@peakwise/domain/postal-code';
import { timeZoneChoicesOf } from '@peakwise/domain/province-time-zone';
import { planForProvince } from '@peakwise/domain/tariff-plans';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { PostalService } from '../postal/postal.service';
import { savePreferences } from '../profile/profile.repository';
import { changeHouseholdTimeZone } from './household-time-zone.service';
import { changeTariff } from './household.service';
import { getHousehold, setHasBattery, setPlace, tariffOn, type Household } from './household.repository';

export type HomeService = {
  get(household: Household): Promise<Home>;
  update(userId: string, household: Household, input: UpdateHome): Promise<Home>;
  setBattery(household: Household, input: HouseholdBattery): Promise<HouseholdBattery>;
};

function formatted(code: string | null): string | null {
  if (!code) return null;
  const parsed = parsePostalCode(code);
  return parsed.ok ? parsed.formatted : code;
}

/**
 * "Your home" in Settings (decision 057): the postal code decides the province, the province the
 * zones the home may be in and, when it changes, the tariff plan from today on.
 */
export function createHomeService(deps: { db: Db; postal: PostalService; now: () => Date }): HomeService {
  const { db, postal } = deps;

  async function get(household: Household): Promise<Home> {
    const postalCode = formatted(household.postalCode);
    // The city is looked up, not stored: the same answer (and cache) as the landing page's checker.
    const city = postalCode ? (await postal.check(postalCode)).city : null;
    const zone = timeZoneSchema.safeParse(household.timeZone);
    return {
      postalCode,
      city,
      province: household.province as ProvinceCode,
      timeZone: zone.success ? zone.data : 'America/Toronto',
      tariffPlanId: await tariffOn(db, household.id, localDateOf(deps.now(), household.timeZone)),
      hasBattery: household.hasBattery,
    };
  }

  function zoneFor(household: Household, province: ProvinceCode, requested: CanadianTimeZone | undefined): CanadianTimeZone {
    const choices = timeZoneChoicesOf(province);
    if (requested !== undefined) {
      if (!choices.includes(requested)) throw new AppError(400, HOME_ERROR_CODES.zoneNotInProvince, HOME_MESSAGES.zoneNotInProvince);
      return requested;
    }
    // Moving within the zones the province spans keeps the member's own choice.
    const kept = choices.includes(household.timeZone) ? household.timeZone : choices[0];
    return timeZoneSchema.parse(kept);
  }

  async function update(userId: string, household: Household, input: UpdateHome): Promise<Home> {
    const parsed = parsePostalCode(input.postalCode);
    if (!parsed.ok) throw new AppError(400, HOME_ERROR_CODES.invalidPostalCode, POSTAL_CODE_INVALID_MESSAGE);
    // Serviceability and the city come from the postal service: the checker's rules, exactly.
    const place = await postal.check(parsed.code);
    if (!place.isServiceable) throw new AppError(400, HOME_ERROR_CODES.notServed, HOME_MESSAGES.notServed);
    const province = provinceOf(parsed.code);
    const timeZone = zoneFor(household, province, input.timeZone);

    // All or nothing: place, zone (with its re-cut days, decision 023), the profile's zone that
    // Settings shows, and the province's plan if the province changed.
    await db.transaction(async (tx) => {
      await changeHouseholdTimeZone(tx, household.id, timeZone);
      const current = await getHousehold(tx, household.id);
      if (!current) throw new AppError(404, 'not_found', 'Household not found');
      await setPlace(tx, household.id, parsed.code, province);
      await savePreferences(tx, userId, { timeZone });
      if (current.province !== province) {
        const plan = planForProvince(province);
        // From the home's first day in its new place: past days keep the plan they were priced with.
        if (plan) await changeTariff(tx, household.id, plan.id, localDateOf(deps.now(), timeZone));
      }
    });
    const saved = await getHousehold(db, household.id);
    return get(saved ?? household);
  }

  // One column: nothing else moves with it, and settlement reads it when it scores (decision 138).
  async function setBattery(household: Household, input: HouseholdBattery): Promise<HouseholdBattery> {
    await setHasBattery(db, household.id, input.hasBattery);
    return { hasBattery: input.hasBattery };
  }

  return { get, update, setBattery };
}
