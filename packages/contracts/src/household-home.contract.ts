import { z } from 'zod';
import { timeZoneSchema } from './account.contract';
import { homeStatusSchema } from './home-status.contract';
import { provinceCodeSchema } from './postal.contract';

/** Where the member's home is, and what follows from it (decision 057). */
export const HOME_ERROR_CODES = {
  invalidPostalCode: 'invalid_postal_code',
  notServed: 'postal_code_not_served',
  zoneNotInProvince: 'time_zone_not_in_province',
} as const;

export const HOME_MESSAGES = {
  notServed: "We don't currently service this postal code's area, so your home can't be set there.",
  zoneNotInProvince: "This time zone is not used in your home's province.",
} as const;

/** GET /api/household/home and the answer of a successful PUT. */
export const homeSchema = homeStatusSchema.extend({
  /** From the postal code (offline table, or the geocoder); null without a postal code. */
  city: z.string().nullable(),
  province: provinceCodeSchema,
  timeZone: timeZoneSchema,
  /** The plan in force today, an id from the tariff catalogue. */
  tariffPlanId: z.string().nullable(),
  /** The member's word that the home has a battery, which the meter cannot tell (decision 138). */
  hasBattery: z.boolean(),
});
export type Home = z.infer<typeof homeSchema>;

/**
 * PUT /api/household/home. The postal code is checked with the postal rules on the server (the
 * schema only bounds its length, so the rules' own message answers a malformed one); without a
 * time zone the home keeps its zone when the province allows it, else takes the province's usual one.
 */
export const updateHomeSchema = z.object({
  postalCode: z.string().max(32),
  timeZone: timeZoneSchema.optional(),
});
export type UpdateHome = z.infer<typeof updateHomeSchema>;

export const BATTERY_MESSAGES = {
  notBoolean: 'hasBattery must be true or false.',
} as const;

/**
 * PUT /api/household/battery, and its answer. Its own route rather than a field of the home's PUT:
 * that one needs the postal code (it moves the household), and a member who has not given one must
 * still be able to say they have a battery, with a switch that saves by itself. Strictly a boolean,
 * so "true" as a string is refused rather than read as yes.
 */
export const householdBatterySchema = z
  .object({
    hasBattery: z.boolean({ error: BATTERY_MESSAGES.notBoolean }),
  })
  .strict();
export type HouseholdBattery = z.infer<typeof householdBatterySchema>;
