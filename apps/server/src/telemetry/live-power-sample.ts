import { z } from 'zod';
import { readingTimestampSchema } from '@peakwise/contracts/ingest.contract';

/**
 * The largest residential service in Canada is 400 A at 240 V (96 kW); a household's
 * instantaneous power above 100 kW is a unit mistake (W sent as mW), not a reading.
 */
export const HOUSEHOLD_MAX_POWER_W = 100_000;

/** MQTT `peakwise/{householdId}/meter/power`: the household's power right now. */
export const livePowerSampleSchema = z.strictObject({
  ts: readingTimestampSchema,
  powerW: z.number().min(0).max(HOUSEHOLD_MAX_POWER_W),
});
export type LivePowerSample = z.infer<typeof livePowerSampleSchema>;
