import type { Mailer } from '../modules/email/mailer';
import { AUTOPAY_CHARGE_JOB, AUTOPAY_SWEEP_JOB, chargeAutopay, runAutopaySweep, type AutopayCharge } from '../modules/payments/autopay.service';
import type { PaymentProcessor } from '../modules/payments/payment-processor';
import type { JobHandler } from './durable-worker';

function chargeOf(payload: Record<string, unknown>): AutopayCharge {
  const { householdId, statementId, attempt, firstAt } = payload;
  if (typeof householdId !== 'string' || typeof statementId !== 'string' || typeof attempt !== 'number' || typeof firstAt !== 'string') throw new Error('Auto-pay job without its charge');
  return { householdId, statementId, attempt, firstAt };
}

/** Auto-pay (decision 048): the hourly sweep and each charge attempt, durable and keyed. */
export function autopayJobHandlers(deps: { processor: PaymentProcessor; mailer: Mailer; publicUrl: string }): Record<string, JobHandler> {
  return {
    [AUTOPAY_SWEEP_JOB]: async ({ tx, now }) => {
      await runAutopaySweep(tx, now);
    },
    [AUTOPAY_CHARGE_JOB]: async ({ tx, job, now }) => {
      await chargeAutopay(tx, deps, chargeOf(job.payload), now);
    },
  };
}
