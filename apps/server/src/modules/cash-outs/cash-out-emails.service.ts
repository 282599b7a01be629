import { languageSchema } from '@peakwise/contracts/account.contract';
import { pointsToCents } from '@peakwise/domain/payout-rules';
import type { DbOrTx } from '../../db/client';
import { cancelJobs, scheduleJob } from '../durable-jobs/durable-jobs.repository';
import type { Mailer } from '../email/mailer';
import { cashOutStatusTemplate, type CashOutEmailStatus } from '../email/templates/cash-out-status.template';
import { cashOutContact, findCashOut } from './cash-outs.repository';

export const CASH_OUT_EMAIL_JOB = 'cash-out.email';
const emailKey = (cashOutId: string, status: CashOutEmailStatus) => `cash-out:${cashOutId}:email:${status}`;

/**
 * Queues the member's email about a status their cash-out just reached, in the transaction that
 * moved it there. The job's key is the cash-out and the status, so a provider reporting the same
 * outcome twice (or a retried job) queues nothing more: one email per status, ever.
 */
export async function queueCashOutEmail(tx: DbOrTx, cashOutId: string, status: CashOutEmailStatus, now: Date): Promise<void> {
  // A failure reported before the "sent" email went out makes that email wrong: only the failure is told.
  if (status === 'failed') await cancelJobs(tx, emailKey(cashOutId, 'sent'), now);
  await scheduleJob(tx, { name: CASH_OUT_EMAIL_JOB, key: emailKey(cashOutId, status), runAt: now, payload: { cashOutId, status } });
}

/** The job: renders the email from the cash-out as it stands and records it with the job's completion. */
export async function sendCashOutEmail(tx: DbOrTx, deps: { mailer: Mailer; publicUrl: string }, cashOutId: string, status: CashOutEmailStatus): Promise<void> {
  const cashOut = await findCashOut(tx, cashOutId);
  const contact = await cashOutContact(tx, cashOutId);
  if (!cashOut || !contact) return;
  const language = languageSchema.catch('en').parse(contact.language);
  const rendered = cashOutStatusTemplate(language, status, {
    name: contact.name,
    points: cashOut.points,
    amountCents: pointsToCents(cashOut.points),
    payee: cashOut.email,
    reason: cashOut.failureReason,
    rewardsUrl: `${deps.publicUrl}/app/rewards`,
  });
  await deps.mailer.sendRecorded({ to: contact.email, kind: `cash-out-${status}`, language, ...rendered, messageId: `<cash-out-${cashOutId}-${status}@peakwise.ca>`, headers: {} }, tx);
}
