import { z } from 'zod';

/**
 * A household's standing choices about Energy Saving Events (decisions 036 and 037): be opted in
 * to every event of its area, and which smart plugs power down while an event runs. Also what plug
 * automation did during one event.
 */

export const EVENT_AUTOMATION_MESSAGES = {
  plugNotFound: 'No such smart plug.',
  notAPlug: 'Only smart plugs can power down during events.',
  neverSwitch: 'This plug powers something that must stay on, so it never powers down during events.',
} as const;

export const eventPlugChoiceSchema = z.object({
  deviceId: z.string(),
  name: z.string(),
  /** Powers down while an event this household is opted in to runs. */
  powerDown: z.boolean(),
});
export type EventPlugChoice = z.infer<typeof eventPlugChoiceSchema>;

/** GET /api/event-preferences and the answer of every change to it. */
export const eventPreferencesSchema = z.object({
  optInEveryEvent: z.boolean(),
  /** The household's smart plugs that may be switched off; never-switch plugs are not offered. */
  plugs: z.array(eventPlugChoiceSchema),
  /** How many plugs are left out because they must never be switched off. */
  neverSwitchPlugs: z.number().int(),
});
export type EventPreferences = z.infer<typeof eventPreferencesSchema>;

/** PUT /api/event-preferences */
export const updateEventPreferencesSchema = z.object({ optInEveryEvent: z.boolean() }).strict();
/** PUT /api/event-preferences/plugs/{id} */
export const setEventPlugChoiceSchema = z.object({ powerDown: z.boolean() }).strict();

/**
 * `off_superseded`: comfort decided an "off" and then, before it was sent, a restore (its room had
 * crossed its limit, or its thermometer went quiet); only the restore went out, so the plug was
 * never switched off (decision 120).
 */
export const EVENT_PLUG_ACTIONS = ['switched_off', 'skipped_already_off', 'overridden', 'restored', 'switch_off_failed', 'restore_failed', 'off_superseded'] as const;
export const eventPlugActionSchema = z.object({
  deviceId: z.string(),
  deviceName: z.string(),
  action: z.enum(EVENT_PLUG_ACTIONS),
  at: z.string(),
});
export type EventPlugActionView = z.infer<typeof eventPlugActionSchema>;

/**
 * What comfort did to a heating or cooling plug (decision 109), and why: switched off while its
 * room was comfortable, switched back on when the room crossed its limit or its temperature device
 * went quiet, or never switched because the room has no temperature device.
 */
export const EVENT_COMFORT_ACTIONS = ['switched_off', 'restored', 'not_automated'] as const;
export const EVENT_COMFORT_REASONS = ['no_sensor', 'sensor_silent', 'crossed_limit', 'within_limit', 'recovered'] as const;
export const eventComfortActionSchema = z.object({
  deviceId: z.string(),
  deviceName: z.string(),
  action: z.enum(EVENT_COMFORT_ACTIONS),
  reason: z.enum(EVENT_COMFORT_REASONS),
  /** The room's temperature when it was decided, °C. */
  temperatureC: z.number().nullable(),
  /** The floor (heating) or ceiling (cooling) it was held to, °C. */
  limitC: z.number().nullable(),
  at: z.string(),
  /** The switch could not be sent before its deadline (the plug service was unreachable, or an "off" came after the end). */
  failed: z.boolean().optional(),
  /** An "off" a later restore overtook before it was sent: the plug stayed on (decision 120). */
  superseded: z.boolean().optional(),
});
export type EventComfortActionView = z.infer<typeof eventComfortActionSchema>;

/** GET /api/events/{id}/plug-actions: what automation and comfort did to the member's plugs, oldest first. */
export const eventPlugActionsSchema = z.object({ actions: z.array(eventPlugActionSchema), comfort: z.array(eventComfortActionSchema).default([]) });
export type EventPlugActions = z.infer<typeof eventPlugActionsSchema>;
