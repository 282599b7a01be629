import { REWARD_MESSAGES } from '@peakwise/contracts/rewards.contract';
import { nextOrderStatus } from '@peakwise/domain/reward-rules';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { lockOrder, markDelivered, markShipped } from './rewards.repository';

export type OrderStep = { to: 'shipped'; tracking: string } | { to: 'delivered' };

/** An operator moves a physical order one step: ordered → shipped (with tracking) → delivered. */
export async function advanceOrder(db: Db, id: string, step: OrderStep, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) throw new AppError(404, 'order_not_found', REWARD_MESSAGES.orderNotFound);
    if (nextOrderStatus(order.status) !== step.to) throw new AppError(409, 'order_status', REWARD_MESSAGES.orderMove);
    if (step.to === 'shipped') await markShipped(tx, id, step.tracking, now);
    else await markDelivered(tx, id, now);
  });
}
