import type { Logger } from '../lib/logger';
import type { Mailer } from '../modules/email/mailer';
import { creditMonthlyBonus, MONTHLY_BONUS_JOB } from '../modules/monthly-bonus/monthly-bonus.service';
import { commitWeek, drawWeek, PRIZE_DRAW_JOBS } from '../modules/prize-draws/prize-draws.service';
import type { JobHandler } from './durable-worker';

const field = (payload: Record<string, unknown>, name: string) => {
  const value = payload[name];
  if (typeof value !== 'string') throw new Error(`Reward job without ${name}`);
  return value;
};

/** The weekly prize draw's commitment and draw, and the monthly bonus (decision 042), each a durable job. */
export function rewardJobHandlers(deps: { mailer: Mailer; publicUrl: string; logger: Logger }): Record<string, JobHandler> {
  return {
    [PRIZE_DRAW_JOBS.commit]: async ({ tx, job, now }) => {
      await commitWeek(tx, field(job.payload, 'week'), now, deps.logger);
    },
    [PRIZE_DRAW_JOBS.draw]: async ({ tx, job, now }) => {
      await drawWeek(tx, field(job.payload, 'week'), now, deps);
    },
    [MONTHLY_BONUS_JOB]: async ({ tx, job, now }) => {
      const outcome = await creditMonthlyBonus(tx, field(job.payload, 'month'), now);
      if ('retryAt' in outcome) return outcome;
    },
  };
}
