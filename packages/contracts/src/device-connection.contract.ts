import { z } from 'zod';

/**
 * Why the broker turned a device's credential away (issue 30, decision 094), recorded per
 * credential so the pairing screen can say what to check:
 * - wrong_password: the username names the device (or household), the password is no live token;
 * - wrong_username: the token is right, the username names something else;
 * - vendor_default_topic: a publish on the firmware's own default topics (`shellies/…`, `tele/…`),
 *   i.e. the MQTT prefix or Full Topic was not changed;
 * - outside_household: a publish under `peakwise/` but not in this household's tree;
 * - topic_not_allowed: in the household's tree, but not this device's or not a device → server topic;
 * - subscription_refused: a subscription the access rule does not grant.
 */
export const MQTT_REFUSAL_REASONS = ['wrong_password', 'wrong_username', 'vendor_default_topic', 'outside_household', 'topic_not_allowed', 'subscription_refused', 'in_use_elsewhere'] as const;
export const mqttRefusalReasonSchema = z.enum(MQTT_REFUSAL_REASONS);
export type MqttRefusalReason = z.infer<typeof mqttRefusalReasonSchema>;

/**
 * What Peakwise can say with Mosquitto as the broker, which names no refused login in its log
 * (decision 105), from what it knows itself:
 * - no_broker_login: the credential has no login on Mosquitto (issued before Peakwise managed them);
 * - logged_in_nothing_arrived: Mosquitto's log says the device logged in, and nothing it sent has
 *   reached Peakwise since: the password is right, the topic is not (Mosquitto drops it silently).
 */
export const MQTT_INFERRED_REASONS = ['no_broker_login', 'logged_in_nothing_arrived'] as const;
export const connectionRefusalReasonSchema = z.enum([...MQTT_REFUSAL_REASONS, ...MQTT_INFERRED_REASONS]);
export type ConnectionRefusalReason = z.infer<typeof connectionRefusalReasonSchema>;

/** GET /api/devices/{id}/connection: has the device reported, and the broker's last refusal of its login. */
export const deviceConnectionSchema = z.object({
  lastSeenAt: z.string().nullable(),
  refusal: z
    .object({
      reason: connectionRefusalReasonSchema,
      /** The topic refused (a publish or a subscription); null for a refused login. */
      topic: z.string().nullable(),
      at: z.string(),
    })
    .nullable(),
});
export type DeviceConnection = z.infer<typeof deviceConnectionSchema>;
