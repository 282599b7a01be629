import { CARD_DETACH_JOB, detachCard } from '../modules/payments/card-detach.service';
import type { PaymentProcessor } from '../modules/payments/payment-processor';
import type { JobHandler } from './durable-worker';

/** A removed card detached at its processor after the erasure commits (decision 079). */
export function cardDetachJobHandlers(deps: { processor: PaymentProcessor }): Record<string, JobHandler> {
  return {
    [CARD_DETACH_JOB]: async ({ tx, job }) => {
      await detachCard(tx, deps.processor, job.payload);
    },
  };
}
