import { z } from 'zod';

/**
 * How a member hears from Peakwise (decision 035): a channel × kind grid, a phone number that
 * must be verified by an SMS code before any SMS goes to it, and Web Push subscriptions.
 */

export const NOTIFICATION_CHANNELS = ['email', 'sms', 'push'] as const;
export const NOTIFICATION_KINDS = ['events', 'bill_reminders', 'maintenance_alerts', 'rewards'] as const;
export const notificationChannelSchema = z.enum(NOTIFICATION_CHANNELS);
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationChannel = z.infer<typeof notificationChannelSchema>;
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** Before a member chooses: email is on (the address is verified at sign-up); SMS and push need setting up first. */
export const DEFAULT_CHANNEL_ON: Record<NotificationChannel, boolean> = { email: true, sms: false, push: false };

/** The sentence stored with each consent record, per channel and kind (English; the record keeps the member's language too). */
export const NOTIFICATION_CONSENT_WORDING: Record<NotificationKind, string> = {
  events: 'Tell me about Energy Saving Events',
  bill_reminders: 'Remind me about my bills',
  maintenance_alerts: 'Alert me about maintenance',
  rewards: 'Tell me about my rewards',
};
export const notificationConsentPurpose = (channel: NotificationChannel, kind: NotificationKind) => `notifications:${channel}:${kind}`;

export const NOTIFICATION_MESSAGES = {
  phoneInvalid: 'Enter a Canadian mobile number, like 416 555 0123.',
  phoneNotVerified: 'Verify your mobile number before turning on text messages.',
  noPushSubscription: 'Allow notifications in this browser before turning on push notifications.',
  codeTooSoon: 'A code was sent less than a minute ago. Please wait before asking for another.',
  noCodePending: 'Ask for a new code first.',
  codeExpired: 'This code has expired. Ask for a new one.',
  codeWrong: 'That code is not right.',
  tooManyAttempts: 'Too many wrong codes. Ask for a new one.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
  inboundUnauthorized: 'Unknown sender.',
  pushEndpointInvalid: 'The push subscription endpoint must be an https:// URL.',
  pushEndpointNotPublic: 'The push subscription endpoint must be on the public internet, not this machine or a private network.',
  pushNotFound: 'No such push subscription.',
} as const;

export const channelPreferencesSchema = z.object({
  events: z.boolean(),
  bill_reminders: z.boolean(),
  maintenance_alerts: z.boolean(),
  rewards: z.boolean(),
});

/** GET /api/notification-preferences and the answer of every change to it. */
export const notificationPreferencesSchema = z.object({
  channels: z.object({ email: channelPreferencesSchema, sms: channelPreferencesSchema, push: channelPreferencesSchema }),
  phone: z.object({ number: z.string(), verified: z.boolean() }).nullable(),
  pushSubscriptions: z.number().int(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PUT /api/notification-preferences: only what changes; unknown channels or kinds are refused. */
export const updateNotificationPreferencesSchema = z
  .object({
    channels: z
      .object({
        email: channelPreferencesSchema.partial().strict().optional(),
        sms: channelPreferencesSchema.partial().strict().optional(),
        push: channelPreferencesSchema.partial().strict().optional(),
      })
      .strict(),
  })
  .strict();
export type UpdateNotificationPreferences = z.infer<typeof updateNotificationPreferencesSchema>;

/** PUT /api/notification-preferences/phone */
export const setPhoneSchema = z.object({ phone: z.string().min(1, NOTIFICATION_MESSAGES.phoneInvalid).max(32, NOTIFICATION_MESSAGES.phoneInvalid) });
/** POST /api/notification-preferences/phone/verify */
export const verifyPhoneSchema = z.object({ code: z.string().regex(/^\d{6}$/, 'The code has 6 digits.') });

/** POST /api/push-subscriptions: the browser's PushSubscription.toJSON(). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: NOTIFICATION_MESSAGES.pushEndpointInvalid }).max(2048),
  keys: z.object({ p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'Not a P-256 public key.'), auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, 'Not a push auth secret.') }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;
/** DELETE /api/push-subscriptions */
export const deletePushSubscriptionSchema = z.object({ endpoint: z.string().min(1).max(2048) });

/** GET /api/push-subscriptions/key: the VAPID public key the browser subscribes with. */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });

/** POST /api/unsubscribe: what was turned off. */
export const unsubscribeResultSchema = z.object({ channel: notificationChannelSchema, kind: notificationKindSchema, enabled: z.literal(false) });
