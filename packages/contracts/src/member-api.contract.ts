import { z } from 'zod';
import { singleLine } from './single-line-text';

// ---------- Personal API tokens: GET/POST /api/member-api/tokens, DELETE …/{id} ----------

/** What a personal API token may do; each scope opens a few routes (docs/member-api.md). */
export const API_TOKEN_SCOPES = ['usage:read', 'solar:read', 'plugs:control'] as const;
export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES, { error: 'Choose scopes from usage:read, solar:read and plugs:control.' });
export type ApiTokenScope = z.infer<typeof apiTokenScopeSchema>;

/** Prefix of every personal API token: tells it apart from meter tokens (`pwi_`) in a Bearer header. */
export const API_TOKEN_PREFIX = 'pwk_';
export const API_TOKEN_LABEL_MAX = 60;
/** Active tokens per member: enough for a few scripts and integrations, few enough to review. */
export const MAX_API_TOKENS = 10;
/** The furthest expiry a member may choose, in days. */
export const API_TOKEN_MAX_DAYS = 366;

const labelSchema = singleLine(
  z
    .string({ error: 'Enter a label for the token.' })
    .trim()
    .min(1, 'Enter a label for the token.')
    .max(API_TOKEN_LABEL_MAX, `Keep the label to ${API_TOKEN_LABEL_MAX} characters or fewer.`),
);

export const createApiTokenSchema = z.strictObject({
  label: labelSchema,
  scopes: z
    .array(apiTokenScopeSchema, { error: 'Choose at least one scope.' })
    .min(1, 'Choose at least one scope.')
    .refine((scopes) => new Set(scopes).size === scopes.length, 'List each scope once.'),
  /** Days until the token stops working; absent or null = until revoked. */
  expiresInDays: z
    .number({ error: `Choose an expiry between 1 and ${API_TOKEN_MAX_DAYS} days.` })
    .int(`Choose an expiry between 1 and ${API_TOKEN_MAX_DAYS} days.`)
    .min(1, `Choose an expiry between 1 and ${API_TOKEN_MAX_DAYS} days.`)
    .max(API_TOKEN_MAX_DAYS, `Choose an expiry between 1 and ${API_TOKEN_MAX_DAYS} days.`)
    .nullable()
    .optional(),
});
export type CreateApiTokenRequest = z.infer<typeof createApiTokenSchema>;

/** A token as listed: its prefix for recognising it, never the token. */
export const apiTokenSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** The first characters of the token, enough to tell two apart. */
  prefix: z.string(),
  scopes: z.array(apiTokenScopeSchema),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  /** Updated at most once a minute while the token is in use; null if it never was. */
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const apiTokenListSchema = z.array(apiTokenSchema);

/** The new token, in this answer only. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

// ---------- Webhooks: GET/POST /api/member-api/webhooks, DELETE …/{id}, POST …/{id}/test, GET …/{id}/deliveries ----------

export const WEBHOOK_EVENT_TYPES = ['event.scheduled', 'event.result', 'bill.issued'] as const;
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, { error: 'Choose events from event.scheduled, event.result and bill.issued.' });
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;
/** The "send test" delivery's type; never subscribed to, always allowed. */
export const WEBHOOK_TEST_TYPE = 'webhook.test';

/** Headers of every delivery (docs/member-api.md). */
export const WEBHOOK_HEADERS = {
  id: 'peakwise-webhook-id',
  timestamp: 'peakwise-webhook-timestamp',
  signature: 'peakwise-webhook-signature',
} as const;

export const MAX_WEBHOOK_ENDPOINTS = 5;
export const WEBHOOK_URL_MAX = 2000;

export const createWebhookSchema = z.strictObject({
  url: z
    .string({ error: 'Enter the endpoint’s address.' })
    .trim()
    .min(1, 'Enter the endpoint’s address.')
    .max(WEBHOOK_URL_MAX, `Keep the address to ${WEBHOOK_URL_MAX} characters or fewer.`),
  events: z
    .array(webhookEventTypeSchema, { error: 'Choose at least one event.' })
    .min(1, 'Choose at least one event.')
    .refine((events) => new Set(events).size === events.length, 'List each event once.'),
});
export type CreateWebhookRequest = z.infer<typeof createWebhookSchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  /** `failing` once a delivery used up its attempts; the next success makes it active again. */
  status: z.enum(['active', 'failing']),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhookListSchema = z.array(webhookSchema);

/** The new endpoint and its signing secret, in this answer only. */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  type: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  createdAt: z.string(),
  /** The latest attempt: HTTP status (null when no answer came), how long it took, when. */
  lastStatusCode: z.number().int().nullable(),
  lastDurationMs: z.number().int().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.array(webhookDeliverySchema);
