import { LEDGER_MESSAGES, type Adjustment } from '@peakwise/contracts/points-ledger.contract';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { adjustmentByKey, insertAdjustment, householdOwnerEmail } from './points-adjustments.repository';
import { ADJUSTMENT_ISSUANCE, houseAccountId, insertTransfer, memberAccountId, transferIdByKey } from './points.repository';
import { isNegativeBalance } from './points.service';

/**
 * An operator's manual credit or debit (decision 041): one ledger transfer against the
 * adjustments account under the operator's idempotency key, and its audit row (who, when, why)
 * in the same transaction. A debit the balance cannot cover is refused by the database.
 * The same key with another direction, amount or reason is refused (409), as for cash-outs.
 */
export async function adjustPoints(tx: DbOrTx, householdId: string, operatorId: string, input: Adjustment): Promise<{ created: boolean }> {
  if (!(await householdOwnerEmail(tx, householdId))) throw new AppError(404, 'not_found', LEDGER_MESSAGES.noMember);
  const points = input.direction === 'credit' ? input.points : -input.points;
  const key = `adjustment:${householdId}:${input.idempotencyKey}`;
  const member = await memberAccountId(tx, householdId);
  const source = await houseAccountId(tx, ADJUSTMENT_ISSUANCE);
  let posted: boolean;
  try {
    posted = await insertTransfer(tx, key, 'adjustment', { reason: input.reason, operatorId }, [
      { accountId: source, amount: -points },
      { accountId: member, amount: points },
    ]);
  } catch (error) {
    if (isNegativeBalance(error)) throw new AppError(409, 'insufficient_points', LEDGER_MESSAGES.wouldGoNegative);
    throw error;
  }
  if (posted) {
    await insertAdjustment(tx, { householdId, transferId: (await transferIdByKey(tx, key))!, points, reason: input.reason, operatorId });
    return { created: true };
  }
  // The key was used before: a retry of the same adjustment answers it again; another one is refused.
  const earlier = await adjustmentByKey(tx, key);
  if (!earlier || earlier.points !== points || earlier.reason !== input.reason) throw new AppError(409, 'idempotency_key_reused', LEDGER_MESSAGES.keyReused);
  return { created: false };
}
