import { autoOptIn } from '../modules/events/event-preferences.repository';
import { EVENT_JOBS } from '../modules/events/events.service';
import { scheduleBaselineFreeze } from '../modules/events/frozen-baselines.jobs';
import { DELIVER_JOB } from '../modules/notifications/event-notifications.repository';
import type { EventNotifier } from '../modules/notifications/event-notifications.service';
import type { JobHandler } from './durable-worker';

const stringField = (payload: Record<string, unknown>, field: string) => {
  const value = payload[field];
  if (typeof value !== 'string') throw new Error(`Notification job without ${field}`);
  return value;
};

/** Telling members about events (decision 035): fan-out jobs, and one send job per delivery. */
export function notificationJobHandlers(notifier: EventNotifier): Record<string, JobHandler> {
  return {
    [EVENT_JOBS.announce]: async ({ tx, job, now }) => {
      const eventId = stringField(job.payload, 'eventId');
      // Households that chose "every event" (decision 036) are in before anyone is told, in the
      // same transaction: durable, and idempotent (a household's answer is never overwritten).
      await autoOptIn(tx, { eventId }, now);
      await scheduleBaselineFreeze(tx, eventId, now);
      await notifier.announce(tx, eventId, now);
    },
    [EVENT_JOBS.remind]: async ({ tx, job, now }) => {
      await notifier.remind(tx, stringField(job.payload, 'eventId'), now);
    },
    [EVENT_JOBS.rescheduleNotice]: async ({ tx, job, now }) => {
      const revision = job.payload.revision;
      if (typeof revision !== 'number' || !Number.isInteger(revision)) throw new Error('Reschedule notice without its revision');
      await notifier.announceReschedule(tx, stringField(job.payload, 'eventId'), revision, now);
    },
    [EVENT_JOBS.cancelNotice]: async ({ tx, job, now }) => {
      await notifier.announceCancellation(tx, stringField(job.payload, 'eventId'), now);
    },
    [DELIVER_JOB]: ({ tx, job, now }) => notifier.deliver(tx, stringField(job.payload, 'deliveryId'), now),
  };
}
