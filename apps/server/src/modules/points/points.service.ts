import { AppError } from '../../lib/errors';
import type { DbOrTx } from '../../db/client';
import { EVENT_ISSUANCE, houseAccountId, insertTransfer, memberAccountId, type TransferKind } from './points.repository';

/** PostgreSQL's answer when the member balance CHECK refuses an entry. */
const NEGATIVE_BALANCE = 'points_accounts_member_not_negative';

export function isNegativeBalance(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23514' && (constraint === NEGATIVE_BALANCE || message?.includes(NEGATIVE_BALANCE))) return true;
  }
  return false;
}

/**
 * Moves `points` between the event issuance account and a member (positive: to the member,
 * negative: back from them, as a re-settlement that lowers a result does). Run it inside the
 * caller's transaction so the result it pays for and the payment commit together. Idempotent on
 * `key`: answers false when that key was already paid.
 */
export async function payEventPoints(tx: DbOrTx, householdId: string, points: number, key: string, kind: Extract<TransferKind, 'event_reward' | 'event_adjustment'>, detail: Record<string, unknown>): Promise<boolean> {
  if (!Number.isInteger(points)) throw new Error(`Points must be whole, got ${points}`);
  if (points === 0) return false;
  const member = await memberAccountId(tx, householdId);
  const issuance = await houseAccountId(tx, EVENT_ISSUANCE);
  try {
    return await insertTransfer(tx, key, kind, detail, [
      { accountId: issuance, amount: -points },
      { accountId: member, amount: points },
    ]);
  } catch (error) {
    if (isNegativeBalance(error)) throw new AppError(409, 'insufficient_points', 'You do not have enough points for this.');
    throw error;
  }
}
