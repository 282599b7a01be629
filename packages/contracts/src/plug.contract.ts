import { z } from 'zod';

/** POST /api/devices/{id}/switch */
export const plugSwitchRequestSchema = z.strictObject({ on: z.boolean() });
export type PlugSwitchRequest = z.infer<typeof plugSwitchRequestSchema>;

/** The plug reported the state that was asked for. */
export const plugSwitchResultSchema = z.object({
  deviceId: z.string(),
  on: z.boolean(),
  confirmedAt: z.string(),
});
export type PlugSwitchResult = z.infer<typeof plugSwitchResultSchema>;

/**
 * Why a switch was not done, for the web app to word in the member's language:
 * not_switchable — not a smart plug; never_switch — the plug powers something that must stay on;
 * plug_unreachable — the command could not be sent (nothing was switched or recorded);
 * plug_timeout — sent, but the plug did not confirm in time (its state is what it reports).
 */
export const PLUG_SWITCH_ERROR_CODES = ['not_switchable', 'never_switch', 'plug_unreachable', 'plug_timeout'] as const;
export type PlugSwitchErrorCode = (typeof PLUG_SWITCH_ERROR_CODES)[number];
