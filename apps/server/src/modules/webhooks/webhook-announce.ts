import type { DbOrTx } from '../../db/client';
import { scheduleJob } from '../durable-jobs/durable-jobs.repository';
import { hasSubscribers } from './webhooks.repository';

export const WEBHOOK_JOBS = { fanOut: 'webhooks.fan-out', deliver: 'webhooks.deliver' } as const;

export type WebhookAnnouncement = { type: 'event.scheduled' | 'event.result'; eventId: string } | { type: 'bill.issued'; periodStart: string; householdIds: readonly string[] };

/**
 * Tells members' webhooks about something that just happened, as part of the caller's
 * transaction: it only queues a fan-out job (decision 060), so a rollback sends nothing and the
 * caller waits for no endpoint. The job finds the subscribed endpoints and queues one delivery
 * each. Keyed, so announcing the same thing twice queues it once. Where nobody subscribes, nothing
 * is queued: one indexed look-up, then the caller's transaction goes on as before.
 */
export async function announceToWebhooks(tx: DbOrTx, announcement: WebhookAnnouncement, now: Date): Promise<void> {
  if (announcement.type === 'bill.issued') {
    const { periodStart, householdIds } = announcement;
    if (householdIds.length === 0 || !(await hasSubscribers(tx, announcement.type, householdIds))) return;
    // A household's statement for a month is issued once, so the batch's first one names it for good.
    const key = `webhooks:fan-out:bill.issued:${periodStart}:${householdIds[0]}`;
    await scheduleJob(tx, { name: WEBHOOK_JOBS.fanOut, key, runAt: now, payload: { type: announcement.type, periodStart, householdIds: [...householdIds] } });
    return;
  }
  if (!(await hasSubscribers(tx, announcement.type, null))) return;
  const key = `webhooks:fan-out:${announcement.type}:${announcement.eventId}`;
  await scheduleJob(tx, { name: WEBHOOK_JOBS.fanOut, key, runAt: now, payload: { type: announcement.type, eventId: announcement.eventId } });
}
