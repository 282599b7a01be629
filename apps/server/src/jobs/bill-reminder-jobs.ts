import { BILL_REMINDER_SEND_JOB } from '../modules/billing/bill-reminders.repository';
import { BILL_REMINDER_SWEEP_JOB, sweepReminders, type BillReminderSender } from '../modules/billing/bill-reminders.service';
import type { JobHandler } from './durable-worker';

/** Bill reminders (decision 049): the hourly sweep, and one send job per delivery. */
export function billReminderJobHandlers(sender: BillReminderSender): Record<string, JobHandler> {
  return {
    [BILL_REMINDER_SWEEP_JOB]: async ({ tx, now }) => {
      await sweepReminders(tx, now);
    },
    [BILL_REMINDER_SEND_JOB]: ({ tx, job, now }) => {
      const id = job.payload.reminderId;
      if (typeof id !== 'string') throw new Error('Bill reminder job without reminderId');
      return sender.deliver(tx, id, now);
    },
  };
}
