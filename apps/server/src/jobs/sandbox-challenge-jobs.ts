import { expireChallenge } from '../modules/payments/sandbox-challenge.service';
import { SANDBOX_CHALLENGE_EXPIRY_JOB } from '../modules/payments/sandbox-processor';
import type { JobHandler } from './durable-worker';

/** The sandbox's 3-D Secure challenges (decision 055): one nobody answered in time fails its charge. */
export const sandboxChallengeJobHandlers: Record<string, JobHandler> = {
  [SANDBOX_CHALLENGE_EXPIRY_JOB]: async ({ tx, job, now }) => {
    const { reference } = job.payload;
    if (typeof reference !== 'string') throw new Error('Challenge expiry job without its charge');
    await expireChallenge(tx, reference, now);
  },
};
