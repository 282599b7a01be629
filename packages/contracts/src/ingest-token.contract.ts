import { z } from 'zod';
import { singleLine } from './single-line-text';

// ---------- Household ingest tokens: GET/POST /api/household/ingest-tokens, DELETE …/{id} ----------

export const INGEST_TOKEN_LABEL_MAX = 60;

/** An ingest credential's MQTT password: its token, or a NATS user JWT minted for it (docs/decisions/132). */
export const MQTT_PASSWORD_KINDS = ['token', 'jwt'] as const;
export type MqttPasswordKind = (typeof MQTT_PASSWORD_KINDS)[number];

/**
 * How many household-wide tokens may be active at once. Each one writes the meter and every
 * device, so a handful (meter, gateway, a spare while swapping one) is plenty; more usually means
 * tokens issued and forgotten.
 */
export const MAX_HOUSEHOLD_INGEST_TOKENS = 5;

export const ingestTokenLabelSchema = singleLine(
  z
    .string({ error: 'Enter a label for the token.' })
    .trim()
    .min(1, 'Enter a label for the token.')
    .max(INGEST_TOKEN_LABEL_MAX, `Keep the label to ${INGEST_TOKEN_LABEL_MAX} characters or fewer.`),
);

export const createIngestTokenSchema = z.strictObject({ label: ingestTokenLabelSchema });
export type CreateIngestTokenRequest = z.infer<typeof createIngestTokenSchema>;

/** A household token as listed: never the token itself, which exists only in the create answer. */
export const ingestTokenSchema = z.object({
  id: z.string(),
  /** Null for a credential issued without one (older credentials). */
  label: z.string().nullable(),
  createdAt: z.string(),
  /** Updated at most once a minute while the token is in use; null if it never was. */
  lastUsedAt: z.string().nullable(),
});
export type IngestToken = z.infer<typeof ingestTokenSchema>;

export const ingestTokenListSchema = z.array(ingestTokenSchema);

/** The new token, once, and where to use it. Only its SHA-256 is stored. */
export const createdIngestTokenSchema = ingestTokenSchema.extend({
  token: z.string(),
  /**
   * MQTT login: password = the token; username = the household id, or the token's own id when the
   * server manages Mosquitto's logins (docs/decisions/097).
   */
  mqttUsername: z.string(),
  /** The MQTT password when it is not the token: a NATS user JWT minted for it (docs/decisions/132). */
  mqttPassword: z.string().optional(),
  /** What the MQTT password is: the token, or a NATS user JWT (about 2,350 characters) a gateway pastes whole. */
  mqttPasswordKind: z.enum(MQTT_PASSWORD_KINDS),
  /** Everything the token may publish lives under this prefix (meter and devices). */
  mqttTopicPrefix: z.string(),
  /** Whole-home meter readings go to this topic. */
  mqttMeterTopic: z.string(),
  /** HTTP alternative: POST readings here with `Authorization: Bearer <token>`. */
  httpEndpoint: z.string(),
});
export type CreatedIngestToken = z.infer<typeof createdIngestTokenSchema>;
