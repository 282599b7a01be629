import type { DbOrTx } from '../../db/client';
import { HOUR_MS } from '@peakwise/domain/time-constants';
import { AppError } from '../../lib/errors';
import { cancelJobs, scheduleJob } from '../durable-jobs/durable-jobs.repository';
import type { Mailer } from '../email/mailer';
import { autopayFailedTemplate } from '../email/templates/autopay-failed.template';
import { householdContact } from '../prize-draws/prize-draws.repository';
import { autopayCandidates, autopayEnabled, defaultPaymentMethodId, owedOnLatest, setAutopay } from './autopay.repository';
import type { DeclineCode, PaymentProcessor } from './payment-processor';
import { payNow } from './payments.service';

/**
 * Auto-pay (decision 048): an hourly durable sweep finds households whose latest statement is due
 * today in their zone and schedules one charge job per statement; a declined charge is tried
 * again 1 and 3 days after the first attempt, and the member is emailed each time. Turning
 * auto-pay off cancels the charges not yet made, and each charge checks again when it runs.
 */
export const AUTOPAY_SWEEP_JOB = 'billing.autopay-sweep';
export const AUTOPAY_CHARGE_JOB = 'billing.autopay-charge';
/** Days after the first attempt at which a declined charge is tried again. */
export const AUTOPAY_RETRY_DAYS = [1, 3] as const;
const DAY_MS = 24 * HOUR_MS;

const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
const chargeKeyPrefix = (householdId: string) => `autopay:${householdId}:`;
const chargeKey = (householdId: string, statementId: string, attempt: number) => `${chargeKeyPrefix(householdId)}${statementId}:${attempt}`;

/** The sweep of the hour starting at or before `at` (once: the key). */
export async function scheduleAutopaySweep(db: DbOrTx, at: Date): Promise<void> {
  const hour = hourOf(at);
  await scheduleJob(db, { name: AUTOPAY_SWEEP_JOB, key: `autopay-sweep:${hour.toISOString()}`, runAt: hour });
}

/** One sweep: a first charge job for each statement due, then the next hour's sweep. */
export async function runAutopaySweep(tx: DbOrTx, now: Date): Promise<number> {
  const due = await autopayCandidates(tx, now);
  for (const c of due) {
    await scheduleJob(tx, { name: AUTOPAY_CHARGE_JOB, key: chargeKey(c.householdId, c.statementId, 1), runAt: now, payload: { ...c, attempt: 1, firstAt: now.toISOString() } });
  }
  await scheduleAutopaySweep(tx, new Date(hourOf(now).getTime() + HOUR_MS));
  return due.length;
}

export async function changeAutopay(tx: DbOrTx, householdId: string, enabled: boolean, now: Date): Promise<{ enabled: boolean }> {
  await setAutopay(tx, householdId, enabled, now);
  if (!enabled) await cancelJobs(tx, chargeKeyPrefix(householdId), now);
  return { enabled };
}

export type AutopayCharge = { householdId: string; statementId: string; attempt: number; firstAt: string };
type Deps = { processor: PaymentProcessor; mailer: Mailer; publicUrl: string };

/**
 * One attempt, in the job's transaction. What is still owed on the latest statement is charged
 * to the default card under a key of its own (a re-run of the job is the same payment). A decline
 * is caught at a savepoint, so the attempt leaves nothing but the email and the next attempt.
 */
export async function chargeAutopay(tx: DbOrTx, deps: Deps, charge: AutopayCharge, now: Date): Promise<'charged' | 'skipped' | 'declined'> {
  if (!(await autopayEnabled(tx, charge.householdId))) return 'skipped';
  const owed = await owedOnLatest(tx, charge.householdId, charge.statementId);
  if (owed === null || owed <= 0) return 'skipped';
  const methodId = await defaultPaymentMethodId(tx, charge.householdId);
  let declined: DeclineCode | 'no_card' | null = methodId ? null : 'no_card';
  if (methodId) {
    try {
      await tx.transaction((sp) =>
        payNow(sp, deps.processor, charge.householdId, { amountCents: owed, paymentMethodId: methodId, statementId: charge.statementId }, `autopay-${charge.statementId}-${charge.attempt}`, now, {
          offSession: true,
        }),
      );
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 402) throw error;
      declined = error.code as DeclineCode;
    }
  }
  if (!declined) return 'charged';
  // A card whose bank asks the member to confirm fails the same way every time off-session
  // (decision 055): no retry, the email asks them to pay now, where the bank can ask them.
  const retryDays = declined === 'authentication_required' ? undefined : AUTOPAY_RETRY_DAYS[charge.attempt - 1];
  const retryAt = retryDays === undefined ? null : new Date(Date.parse(charge.firstAt) + retryDays * DAY_MS);
  if (retryAt) {
    await scheduleJob(tx, {
      name: AUTOPAY_CHARGE_JOB,
      key: chargeKey(charge.householdId, charge.statementId, charge.attempt + 1),
      runAt: retryAt,
      payload: { ...charge, attempt: charge.attempt + 1 },
    });
  }
  const contact = await householdContact(tx, charge.householdId);
  if (contact) {
    const retryOn = retryAt ? new Intl.DateTimeFormat({ en: 'en-CA', fr: 'fr-CA', es: 'es' }[contact.language], { dateStyle: 'long', timeZone: 'UTC' }).format(retryAt) : null;
    const body = autopayFailedTemplate(contact.language, { name: contact.name, amountCents: owed, reason: declined, retryOn, billingUrl: `${deps.publicUrl}/app/billing` });
    await deps.mailer.sendRecorded(
      { to: contact.email, kind: 'autopay-failed', language: contact.language, ...body, messageId: `<autopay-${charge.statementId}-${charge.attempt}@peakwise.ca>`, headers: {} },
      tx,
    );
  }
  return 'declined';
}
