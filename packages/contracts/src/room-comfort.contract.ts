import { z } from 'zod';
import { COMFORT_LOADS, COMFORT_MAX_C, COMFORT_MIN_C, type ComfortLimitProblem } from '@peakwise/domain/room-comfort';

/**
 * Comfort per room (decision 109): a floor (winter) and a ceiling (summer) in °C, the room's
 * latest temperature and its age, and which smart plugs heat or cool it. Heating and cooling
 * plugs are switched during events only while the room's own temperature device says it is
 * comfortable.
 */

export const COMFORT_MESSAGES = {
  roomNotFound: 'No such room.',
  plugNotFound: 'No such smart plug.',
  notAPlug: 'Only a smart plug can be marked as heating or cooling a room.',
  invalid: 'These comfort limits cannot be saved.',
} as const;

export const COMFORT_PROBLEM_MESSAGES: Record<ComfortLimitProblem, string> = {
  floor_out_of_range: `The floor must be between ${COMFORT_MIN_C} °C and ${COMFORT_MAX_C} °C.`,
  ceiling_out_of_range: `The ceiling must be between ${COMFORT_MIN_C} °C and ${COMFORT_MAX_C} °C.`,
  floor_not_below_ceiling: 'The floor must be below the ceiling.',
  not_half_degree: 'Use whole or half degrees (19 or 19.5).',
};

export const comfortLoadSchema = z.enum(COMFORT_LOADS);

/** PUT /api/comfort/rooms/{id} */
export const setRoomComfortSchema = z.strictObject({
  floorC: z.number(),
  ceilingC: z.number(),
  /** Let a program that asks for it pre-heat (or pre-cool) this room in the hour before an event; left out: unchanged. */
  preheat: z.boolean().optional(),
});
export type SetRoomComfort = z.infer<typeof setRoomComfortSchema>;

/** PUT /api/comfort/plugs/{id}: what the plug powers (null: neither). */
export const setComfortLoadSchema = z.strictObject({ load: comfortLoadSchema.nullable() });

export const roomComfortSchema = z.object({
  roomId: z.string(),
  name: z.string(),
  floorC: z.number(),
  ceilingC: z.number(),
  /** No limits saved yet: the defaults (19 °C and 26 °C) apply. */
  isDefault: z.boolean(),
  /** The newest reading of the room's temperature devices; null when none has reported. */
  temperatureC: z.number().nullable(),
  measuredAt: z.string().nullable(),
  /** Whole minutes since measuredAt. */
  ageMinutes: z.number().int().nullable(),
  /** Whether a temperature device is in the room: without one its heating and cooling are never switched. */
  hasSensor: z.boolean(),
  /** Pre-heat (or pre-cool) before events whose program asks for it. */
  preheat: z.boolean(),
});
export type RoomComfort = z.infer<typeof roomComfortSchema>;

export const comfortPlugSchema = z.object({ deviceId: z.string(), name: z.string(), roomId: z.string().nullable(), load: comfortLoadSchema.nullable() });
export type ComfortPlug = z.infer<typeof comfortPlugSchema>;

/** GET /api/comfort and the answer of every change. */
export const comfortSettingsSchema = z.object({ rooms: z.array(roomComfortSchema), plugs: z.array(comfortPlugSchema) });
export type ComfortSettings = z.infer<typeof comfortSettingsSchema>;
