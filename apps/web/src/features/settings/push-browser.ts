import type { PushSubscriptionInput } from '@peakwise/contracts/notifications.contract';
import { SERVICE_WORKER_URL } from '@/lib/service-worker-registration';

/** The app's one service worker also shows pushed notifications (docs/decisions/061-installable-offline-app.md). */
export const PUSH_WORKER_URL = SERVICE_WORKER_URL;

/** Whether this browser can take Web Push at all (an old browser, or an iPhone outside the home screen, cannot). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The VAPID key as the bytes `applicationServerKey` wants (it arrives base64url-encoded). */
export function vapidKeyBytes(publicKey: string): Uint8Array<ArrayBuffer> {
  const base64 = (publicKey + '='.repeat((4 - (publicKey.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export class PushPermissionDenied extends Error {
  override readonly name = 'PushPermissionDenied';
}

/** This browser's subscription, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration(PUSH_WORKER_URL);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Registers the worker, asks permission and subscribes with the server's key; answers what the server stores. */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionInput> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionDenied('Notifications are blocked for this site.');
  await navigator.serviceWorker.register(PUSH_WORKER_URL);
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  const subscription = existing ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: vapidKeyBytes(publicKey) }));
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

/** Unsubscribes this browser; answers the endpoint the server should forget (null if there was none). */
export async function unsubscribeThisBrowser(): Promise<string | null> {
  const subscription = await currentPushSubscription();
  if (!subscription) return null;
  const endpoint = subscription.endpoint;
  await subscription.unsubscribe();
  return endpoint;
}
