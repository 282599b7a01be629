import type { PointsSummary } from '@peakwise/contracts/events.contract';

export type ActivityEntry = PointsSummary['activity'][number];

/** A factory of points activity entries dated `at`: id, kind, amount and the balance it left, the rest null unless given. */
export function activityEntriesAt(at: string) {
  return (id: string, kind: string, amount: number, balanceAfter: number, extra: Partial<ActivityEntry> = {}): ActivityEntry => ({
    id,
    entryId: id,
    transferId: `t${id}`,
    kind,
    amount,
    balanceAfter,
    at,
    eventId: null,
    cashOutId: null,
    orderId: null,
    drawId: null,
    item: null,
    reason: null,
    ...extra,
  });
}
