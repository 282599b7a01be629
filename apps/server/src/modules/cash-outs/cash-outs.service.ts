import { randomUUID } from 'node:crypto';
import { CASH_OUT_MESSAGES, type CashOut, type CreateCashOut } from '@peakwise/contracts/cash-outs.contract';
import { needsReview, pointsToCents } from '@peakwise/domain/payout-rules';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { scheduleJob } from '../durable-jobs/durable-jobs.repository';
import { houseAccountId, INTERAC_CASH_OUT, insertTransfer, memberAccountId, transferIdByKey } from '../points/points.repository';
import { isNegativeBalance } from '../points/points.service';
import { findCashOut, findCashOutByClientKey, insertCashOut, lockOpenCashOuts, markCashOutFailed, markCashOutReviewed, markCashOutSent, type CashOutRow } from './cash-outs.repository';
import { queueCashOutEmail } from './cash-out-emails.service';
import type { PayoutSender } from './payout-sender';

export const CASH_OUT_SEND_JOB = 'cash-out.send';
/** After this many tries the provider is taken as unreachable for this payout and the points go back. */
export const PAYOUT_MAX_ATTEMPTS = 6;
export const PROVIDER_UNREACHABLE = 'The payout provider could not be reached; your points are back in your balance.';

const debitKey = (householdId: string, clientKey: string) => `cash-out:${householdId}:${clientKey}`;
const refundKey = (cashOutId: string) => `cash-out:${cashOutId}:refund`;
export const payoutKey = (cashOutId: string) => `cash-out:${cashOutId}`;

export function cashOutView(row: CashOutRow): CashOut {
  return {
    id: row.id,
    points: row.points,
    valueCents: pointsToCents(row.points),
    email: row.email,
    status: row.status,
    failureReason: row.failureReason,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    failedAt: row.failedAt,
  };
}

/**
 * One transaction: the points move member → cash-out account under the client's key, and the
 * cash-out is created, held for review above the threshold or queued to send now. The same key
 * again (a double click, a retry, a second tab) finds the first one and changes nothing; the same
 * key with other points or another address is refused (409).
 */
export async function requestCashOut(
  tx: DbOrTx,
  who: { householdId: string; userId: string },
  input: CreateCashOut,
  reviewAbovePoints: number,
  now: Date,
): Promise<{ cashOut: CashOutRow; created: boolean }> {
  const id = randomUUID();
  const key = debitKey(who.householdId, input.idempotencyKey);
  const member = await memberAccountId(tx, who.householdId);
  const interac = await houseAccountId(tx, INTERAC_CASH_OUT);
  let posted: boolean;
  try {
    posted = await insertTransfer(tx, key, 'cash_out', { cashOutId: id }, [
      { accountId: member, amount: -input.points },
      { accountId: interac, amount: input.points },
    ]);
  } catch (error) {
    if (isNegativeBalance(error)) throw new AppError(409, 'insufficient_points', CASH_OUT_MESSAGES.insufficientPoints);
    throw error;
  }
  if (!posted) {
    const existing = await findCashOutByClientKey(tx, who.householdId, input.idempotencyKey);
    if (!existing) throw new Error(`Cash-out key ${key} is taken but has no cash-out`);
    // As a payment or a redemption: the same key with another body is a client's mistake, not a retry.
    if (existing.points !== input.points || existing.email !== input.email) throw new AppError(409, 'idempotency_key_reused', CASH_OUT_MESSAGES.keyReused);
    return { cashOut: existing, created: false };
  }
  const held = needsReview(input.points, reviewAbovePoints);
  await insertCashOut(tx, {
    id,
    householdId: who.householdId,
    requestedBy: who.userId,
    clientKey: input.idempotencyKey,
    points: input.points,
    email: input.email,
    status: held ? 'held' : 'pending',
    debitTransferId: (await transferIdByKey(tx, key))!,
  });
  if (!held) await scheduleJob(tx, { name: CASH_OUT_SEND_JOB, key: `${payoutKey(id)}:send`, runAt: now, payload: { cashOutId: id } });
  return { cashOut: (await findCashOut(tx, id))!, created: true };
}

/**
 * Marks a locked cash-out failed and returns its points through one refund transfer carrying the
 * reason. A second report of the same failure finds it failed (and the refund key taken) and
 * does nothing: the points come back exactly once.
 */
export async function failCashOut(tx: DbOrTx, cashOut: CashOutRow, reason: string, now: Date): Promise<boolean> {
  if (cashOut.status === 'failed') return false;
  const key = refundKey(cashOut.id);
  const member = await memberAccountId(tx, cashOut.householdId);
  const interac = await houseAccountId(tx, INTERAC_CASH_OUT);
  await insertTransfer(tx, key, 'refund', { cashOutId: cashOut.id, reason }, [
    { accountId: interac, amount: -cashOut.points },
    { accountId: member, amount: cashOut.points },
  ]);
  await markCashOutFailed(tx, cashOut.id, reason, (await transferIdByKey(tx, key))!, now);
  await queueCashOutEmail(tx, cashOut.id, 'failed', now);
  return true;
}

/** Why a cash-out still waiting to be sent fails when its member's account is erased. */
export const ACCOUNT_ERASED_REASON = 'The member deleted their account before the e-Transfer was sent.';

/**
 * An erased account's cash-outs that were not yet sent fail and return their points (decision
 * 079): their payout address is about to be erased, so nothing could be sent to it.
 */
export async function failOpenCashOuts(tx: DbOrTx, householdId: string, now: Date): Promise<number> {
  const open = await lockOpenCashOuts(tx, householdId);
  for (const cashOut of open) await failCashOut(tx, cashOut, ACCOUNT_ERASED_REASON, now);
  return open.length;
}

/** Pending → sent, and the member told, in the caller's transaction. */
async function markSent(tx: DbOrTx, cashOutId: string, providerId: string | null, now: Date): Promise<void> {
  await markCashOutSent(tx, cashOutId, providerId, now);
  await queueCashOutEmail(tx, cashOutId, 'sent', now);
}

/** The durable send job: hands a pending cash-out to the payout adapter, once. */
export async function sendCashOut(tx: DbOrTx, sender: PayoutSender, cashOutId: string, attempt: number, now: Date): Promise<void> {
  const cashOut = await findCashOut(tx, cashOutId, true);
  if (!cashOut || cashOut.status !== 'pending') return;
  let result;
  try {
    result = await sender.send(tx, { cashOutId, email: cashOut.email, amountCents: pointsToCents(cashOut.points), idempotencyKey: payoutKey(cashOutId) });
  } catch (error) {
    if (attempt < PAYOUT_MAX_ATTEMPTS) throw error;
    result = { outcome: 'failed' as const, reason: PROVIDER_UNREACHABLE };
  }
  if (result.outcome === 'sent') await markSent(tx, cashOutId, result.providerId, now);
  else await failCashOut(tx, cashOut, result.reason, now);
}

/** What the provider reports afterwards: sent, or failed (a bounced or declined e-Transfer). */
export async function recordProviderReport(tx: DbOrTx, report: { cashOutId: string; status: 'sent' | 'failed'; reason?: string | undefined; providerId?: string | undefined }, now: Date): Promise<CashOutRow> {
  const cashOut = await findCashOut(tx, report.cashOutId, true);
  if (!cashOut) throw new AppError(404, 'not_found', CASH_OUT_MESSAGES.notFound);
  if (cashOut.status === 'held') throw new AppError(409, 'not_sent', 'This cash-out has not been handed to the provider.');
  if (report.status === 'sent') {
    if (cashOut.status === 'pending') await markSent(tx, cashOut.id, report.providerId ?? null, now);
  } else {
    await failCashOut(tx, cashOut, report.reason ?? 'The payout provider could not complete the transfer.', now);
  }
  return (await findCashOut(tx, cashOut.id))!;
}

/** An operator's review of a held cash-out: approved ones go to the adapter now, rejected ones are refunded with the reason. */
export async function reviewCashOut(tx: DbOrTx, cashOutId: string, operatorId: string, decision: { approve: true } | { approve: false; reason: string }, now: Date): Promise<CashOutRow> {
  const cashOut = await findCashOut(tx, cashOutId, true);
  if (!cashOut) throw new AppError(404, 'not_found', CASH_OUT_MESSAGES.notFound);
  if (cashOut.status !== 'held') throw new AppError(409, 'not_held', CASH_OUT_MESSAGES.notHeld);
  await markCashOutReviewed(tx, cashOutId, operatorId, now, decision.approve);
  if (decision.approve) await scheduleJob(tx, { name: CASH_OUT_SEND_JOB, key: `${payoutKey(cashOutId)}:send`, runAt: now, payload: { cashOutId } });
  else await failCashOut(tx, cashOut, decision.reason, now);
  return (await findCashOut(tx, cashOutId))!;
}
