import { CASH_OUT_EMAIL_JOB, sendCashOutEmail } from '../modules/cash-outs/cash-out-emails.service';
import { CASH_OUT_SEND_JOB, sendCashOut } from '../modules/cash-outs/cash-outs.service';
import type { PayoutSender } from '../modules/cash-outs/payout-sender';
import type { Mailer } from '../modules/email/mailer';
import type { JobHandler } from './durable-worker';

/**
 * Sending cash-outs (decision 041) and telling the member it was sent or failed (decision 051):
 * one durable job per cash-out and per status, so a restart neither loses nor repeats either.
 */
export function payoutJobHandlers(sender: PayoutSender, mail: { mailer: Mailer; publicUrl: string }): Record<string, JobHandler> {
  return {
    [CASH_OUT_SEND_JOB]: async ({ tx, job, now }) => {
      if (typeof job.payload.cashOutId !== 'string') throw new Error('Cash-out job without a cashOutId');
      await sendCashOut(tx, sender, job.payload.cashOutId, job.attempts, now);
    },
    [CASH_OUT_EMAIL_JOB]: async ({ tx, job }) => {
      const { cashOutId, status } = job.payload;
      if (typeof cashOutId !== 'string' || (status !== 'sent' && status !== 'failed')) throw new Error('Cash-out email job without a cashOutId and status');
      await sendCashOutEmail(tx, mail, cashOutId, status);
    },
  };
}
