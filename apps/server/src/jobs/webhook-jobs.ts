import { WEBHOOK_JOBS } from '../modules/webhooks/webhook-announce';
import { deliverWebhook, fanOutAnnouncement, type DeliveryPolicy } from '../modules/webhooks/webhook-delivery.service';
import type { JobHandler } from './durable-worker';

/** Members' webhooks (decision 060): a fan-out per announcement, then one send job per delivery. */
export function webhookJobHandlers(policy: DeliveryPolicy): Record<string, JobHandler> {
  return {
    [WEBHOOK_JOBS.fanOut]: ({ tx, job, now }) => fanOutAnnouncement(tx, job.payload, now),
    [WEBHOOK_JOBS.deliver]: ({ tx, job, now }) => {
      if (typeof job.payload.deliveryId !== 'string') throw new Error('Webhook delivery job without a deliveryId');
      return deliverWebhook(tx, job.payload.deliveryId, now, policy);
    },
  };
}
