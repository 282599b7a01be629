import { AppError } from '../../lib/errors';
import type { DbOrTx } from '../../db/client';
import { EVENT_ISSUANCE, houseAccountId, insertTransfer, insertTransfers, lockHouseAccount, memberAccountId, memberAccountIds, type TransferKind } from './points.repository';

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
 * One household's payment for an event. `eventId` is the event the points are for when it is not
 * the one settling (a held event released by a later event's season test, decision 140).
 */
export type EventPayment = {
  householdId: string;
  points: number;
  key: string;
  kind: Extract<TransferKind, 'event_reward' | 'event_adjustment' | 'event_release'>;
  detail: Record<string, unknown>;
  eventId?: string;
};

/**
 * Takes the event issuance account's lock, held until the transaction ends: what a settlement does
 * first (event-settlement.service.ts). Its first payment would take the same lock and keep it to the
 * end anyway.
 */
export async function lockEventIssuance(tx: DbOrTx): Promise<void> {
  await lockHouseAccount(tx, EVENT_ISSUANCE);
}

/**
 * Pays event points to many households at once, from the event issuance account (decision 038):
 * one transfer per household, each under its own idempotency key, in a few statements whatever
 * their number. Run it inside the caller's transaction so the results it pays for and the
 * payments commit together. Answers the keys it posted (a key already paid is skipped).
 */
export async function payEventPointsInBulk(tx: DbOrTx, eventId: string, payments: readonly EventPayment[]): Promise<Set<string>> {
  const due = payments.filter((p) => p.points !== 0);
  for (const p of due) if (!Number.isInteger(p.points)) throw new Error(`Points must be whole, got ${p.points}`);
  if (due.length === 0) return new Set();
  const members = await memberAccountIds(tx, due.map((p) => p.householdId));
  const issuance = await houseAccountId(tx, EVENT_ISSUANCE);
  try {
    return await insertTransfers(
      tx,
      due.map((p) => ({
        key: p.key,
        kind: p.kind,
        detail: p.detail,
        eventId: p.eventId ?? eventId,
        householdId: p.householdId,
        postings: [
          { accountId: issuance, amount: -p.points },
          { accountId: members.get(p.householdId)!, amount: p.points },
        ],
      })),
    );
  } catch (error) {
    if (isNegativeBalance(error)) throw new AppError(409, 'insufficient_points', 'You do not have enough points for this.');
    throw error;
  }
}

/**
 * Moves `points` between the event issuance account and a member (positive: to the member,
 * negative: back from them). Run it inside the caller's transaction. Idempotent on `key`:
 * answers false when that key was already paid. Not linked to an event row: settlement pays
 * through `payEventPointsInBulk`, whose transfers carry their event.
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
