import type { Language } from '@peakwise/contracts/account.contract';
import type { ActivityEntry } from '@peakwise/contracts/points-ledger.contract';
import type { DbOrTx } from '../../db/client';
import { toCsv } from '../../lib/csv';
import { memberActivity, type LedgerActivity } from './points.repository';

const text = (detail: Record<string, unknown>, key: string) => (typeof detail[key] === 'string' ? detail[key] : null);

/** One ledger entry as the member sees it: linked to its event, cash-out, order or draw (decision 041). */
export function activityEntry(a: LedgerActivity): ActivityEntry {
  return {
    entryId: a.entryId,
    transferId: a.transferId,
    kind: a.kind,
    amount: a.amount,
    balanceAfter: a.balanceAfter,
    at: a.at,
    eventId: text(a.detail, 'eventId'),
    cashOutId: text(a.detail, 'cashOutId'),
    orderId: text(a.detail, 'orderId'),
    drawId: text(a.detail, 'drawId'),
    item: a.item,
    reason: text(a.detail, 'reason'),
  };
}

/** A page of activity and the cursor of the next one (null on the last page). */
export async function activityPage(db: DbOrTx, householdId: string, cursor: string | undefined, limit: number): Promise<{ activity: ActivityEntry[]; nextCursor: string | null }> {
  const rows = await memberActivity(db, householdId, { before: cursor, limit: limit + 1 });
  const page = rows.slice(0, limit).map(activityEntry);
  return { activity: page, nextCursor: rows.length > limit ? page[page.length - 1]!.entryId : null };
}

export const ACTIVITY_CSV_HEADER = ['date', 'kind', 'points', 'balance_after', 'event_id', 'cash_out_id', 'order_id', 'draw_id', 'reason', 'item'] as const;

/** Every entry, newest first, the same rows the pages show; what was redeemed named in the member's language. */
export async function activityCsv(db: DbOrTx, householdId: string, language: Language): Promise<string> {
  const rows = (await memberActivity(db, householdId)).map(activityEntry);
  return toCsv(
    ACTIVITY_CSV_HEADER,
    rows.map((r) => [r.at, r.kind, r.amount, r.balanceAfter, r.eventId, r.cashOutId, r.orderId, r.drawId, r.reason, r.item ? r.item[language] || r.item.en : null]),
  );
}
