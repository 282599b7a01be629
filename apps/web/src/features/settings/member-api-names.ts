import type { ApiTokenScope, WebhookEventType } from '@peakwise/contracts/member-api.contract';

// Translation keys of scopes and message types: their own names hold `:` and `.`, which i18next
// reads as namespace and nesting separators.

export const SCOPE_KEYS = { 'usage:read': 'usageRead', 'solar:read': 'solarRead', 'plugs:control': 'plugsControl' } as const satisfies Record<ApiTokenScope, string>;

export const EVENT_KEYS = {
  'event.scheduled': 'eventScheduled',
  'event.result': 'eventResult',
  'bill.issued': 'billIssued',
  'webhook.test': 'webhookTest',
} as const satisfies Record<WebhookEventType | 'webhook.test', string>;

/** The key of a delivery's type, or null for a type this screen does not know (a newer server). */
export const eventKeyOf = (type: string) => (Object.hasOwn(EVENT_KEYS, type) ? EVENT_KEYS[type as keyof typeof EVENT_KEYS] : null);
