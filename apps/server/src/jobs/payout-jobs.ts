import { CASH_OUT_SEND_JOB, sendCashOut } from '../modules/cash-outs/cash-outs.service';
import type { PayoutSender } from '../modules/cash-outs/payout-sender';
import type { JobHandler } from './durable-worker';

/** Sending cash-outs (decision 041): one durable job per cash-out, so a restart neither loses nor repeats a payout. */
export function payoutJobHandlers(sender: PayoutSender): Record<string, JobHandler> {
  return {
    [CASH_OUT_SEND_JOB]: async ({ tx, job, now }) => {
      if (typeof job.payload.cashOutId !== 'string') throw new Error('Cash-out job without a cashOutId');
      await sendCashOut(tx, sender, job.payload.cashOutId, job.attempts, now);
    },
  };
}
