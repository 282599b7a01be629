import type { NotificationPreferences, PushSubscriptionInput, UpdateNotificationPreferences } from '@peakwise/contracts/notifications.contract';
import { apiJson } from '@/lib/api-request';

// Every call answers the member's whole preferences (or throws ApiRequestError with the server's code).

export const getNotificationPreferences = () => apiJson<NotificationPreferences>('GET', '/api/notification-preferences');

export const updateNotificationPreferences = (input: UpdateNotificationPreferences) => apiJson<NotificationPreferences>('PUT', '/api/notification-preferences', input);

/** Saves the number and texts a 6-digit code to it. */
export const setPhone = (phone: string) => apiJson<NotificationPreferences>('PUT', '/api/notification-preferences/phone', { phone });

export const verifyPhone = (code: string) => apiJson<NotificationPreferences>('POST', '/api/notification-preferences/phone/verify', { code });

export const getPushPublicKey = () => apiJson<{ publicKey: string }>('GET', '/api/push-subscriptions/key');

export const savePushSubscription = (subscription: PushSubscriptionInput) => apiJson<NotificationPreferences>('POST', '/api/push-subscriptions', subscription);

export const deletePushSubscription = (endpoint: string) => apiJson<NotificationPreferences>('DELETE', '/api/push-subscriptions', { endpoint });
