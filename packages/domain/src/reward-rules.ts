import { POINTS_PER_DOLLAR } from './payout-rules';

/**
 * The rewards marketplace's fixed vocabulary and its pure rules (decision 039): what kinds of
 * reward exist, how an order of each kind moves, and how far a balance is from the next reward.
 */

export const REWARD_KINDS = ['physical', 'gift_card', 'discount_code', 'charity'] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];

export const REWARD_ITEM_STATUSES = ['active', 'withdrawn'] as const;
export type RewardItemStatus = (typeof REWARD_ITEM_STATUSES)[number];

export const REWARD_ORDER_STATUSES = ['ordered', 'shipped', 'delivered', 'fulfilled'] as const;
export type RewardOrderStatus = (typeof REWARD_ORDER_STATUSES)[number];

/** Gift cards and discount codes are handed over as a code from the item's pool. */
export function isCodeKind(kind: RewardKind): boolean {
  return kind === 'gift_card' || kind === 'discount_code';
}

/** Physical items are shipped, so they need an address; nothing else does. */
export function needsShipping(kind: RewardKind): boolean {
  return kind === 'physical';
}

/** A code or a donation is done the moment it is ordered; a physical item starts its journey. */
export function initialOrderStatus(kind: RewardKind): RewardOrderStatus {
  return needsShipping(kind) ? 'ordered' : 'fulfilled';
}

/** The one step an operator may take from here: ordered → shipped → delivered; nothing after. */
export function nextOrderStatus(current: RewardOrderStatus): RewardOrderStatus | null {
  if (current === 'ordered') return 'shipped';
  if (current === 'shipped') return 'delivered';
  return null;
}

/** What points are worth in cents (100 points = $1, so a point is a cent, kept in integers). */
export function pointsValueCents(points: number): number {
  return (points * 100) / POINTS_PER_DOLLAR;
}

/**
 * The reward to aim at: the cheapest one that costs more than the balance, and how many points
 * are missing. Null when the balance already covers every reward (or there is none).
 */
export function nextRewardTarget<T extends { pointsCost: number }>(balance: number, items: readonly T[]): { item: T; pointsNeeded: number } | null {
  let best: T | null = null;
  for (const item of items) if (item.pointsCost > balance && (best === null || item.pointsCost < best.pointsCost)) best = item;
  return best ? { item: best, pointsNeeded: best.pointsCost - balance } : null;
}
