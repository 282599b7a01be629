import { randomUUID } from 'node:crypto';
import { languageSchema } from '@peakwise/contracts/account.contract';
import type { redeemSchema } from '@peakwise/contracts/rewards.contract';
import { REWARD_MESSAGES, type RewardOrder } from '@peakwise/contracts/rewards.contract';
import { initialOrderStatus, isCodeKind, needsShipping } from '@peakwise/domain/reward-rules';
import { parsePostalCode } from '@peakwise/domain/postal-code';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Mailer, RecordedEmail } from '../email/mailer';
import { rewardCodeTemplate } from '../email/templates/reward-code.template';
import { memberBalance } from '../points/points.repository';
import { debitForRedemption } from '../points/points.service';
import { assignCode, claimFreeCode, findOrder, findOrderByKey, insertOrder, lockItem, memberContact, takeStock } from './rewards.repository';
import { orderView } from './rewards-views';

export type RedeemInput = z.output<typeof redeemSchema>;
export type Redeemer = { userId: string; householdId: string };
export type RedeemDeps = { db: Db; mailer?: Mailer; publicUrl: string };

const STOCK_CHECK = 'reward_items_stock_not_negative';

function isStockCheck(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23514' && (constraint === STOCK_CHECK || message?.includes(STOCK_CHECK))) return true;
  }
  return false;
}

const outOfStock = () => new AppError(409, 'out_of_stock', REWARD_MESSAGES.outOfStock);
const insufficient = () => new AppError(409, 'insufficient_points', REWARD_MESSAGES.insufficientPoints);

/** The ledger key of a redemption: the member's own key, under their id, so two members never collide. */
export const redemptionKey = (userId: string, clientKey: string) => `redemption:${userId}:${clientKey}`;

/**
 * Redeems one reward in one transaction (decision 039): lock the item, check it, take the stock,
 * debit the member, hand out a code, write the order, record the code's email. Any refusal rolls
 * all of it back. The same Idempotency-Key again answers the first order (`created: false`) and
 * debits nothing: the item lock queues concurrent copies, and each finds the first one's order.
 */
export async function redeem(deps: RedeemDeps, member: Redeemer, clientKey: string, input: RedeemInput): Promise<{ order: RewardOrder; created: boolean }> {
  let email: RecordedEmail | null = null;
  const outcome = await deps.db.transaction(async (tx) => {
    const item = await lockItem(tx, input.itemId);
    const earlier = await findOrderByKey(tx, member.userId, clientKey);
    if (earlier) {
      if (earlier.itemId !== input.itemId || earlier.quantity !== input.quantity) throw new AppError(409, 'idempotency_key_reused', REWARD_MESSAGES.keyReused);
      return { orderId: earlier.id, created: false };
    }
    if (!item) throw new AppError(404, 'reward_not_found', REWARD_MESSAGES.notFound);
    if (item.status !== 'active') throw new AppError(410, 'reward_withdrawn', REWARD_MESSAGES.withdrawn);
    if (isCodeKind(item.kind) && input.quantity !== 1) throw new AppError(400, 'validation_failed', REWARD_MESSAGES.oneCodeAtATime);
    if (needsShipping(item.kind) && !input.shippingAddress) throw new AppError(400, 'address_required', REWARD_MESSAGES.addressRequired);
    if (!needsShipping(item.kind) && input.shippingAddress) throw new AppError(400, 'address_not_needed', REWARD_MESSAGES.addressNotNeeded);
    if (item.stock !== null && item.stock < input.quantity) throw outOfStock();
    const points = item.pointsCost * input.quantity;
    // Refuses early, before touching stock and codes; the balance CHECK stays the guard for a
    // spend racing this one on another item.
    if ((await memberBalance(tx, member.householdId)) < points) throw insufficient();

    try {
      await takeStock(tx, item.id, input.quantity);
    } catch (error) {
      throw isStockCheck(error) ? outOfStock() : error;
    }
    const code = isCodeKind(item.kind) ? await claimFreeCode(tx, item.id) : null;
    if (isCodeKind(item.kind) && !code) throw outOfStock();

    const orderId = randomUUID();
    const transferId = await debitForRedemption(tx, member.householdId, points, redemptionKey(member.userId, clientKey), { orderId, itemId: item.id }, insufficient);
    // The key is taken but no order of this member has it: another of their requests holds it.
    if (!transferId) throw new AppError(409, 'idempotency_key_reused', REWARD_MESSAGES.keyReused);

    const address = input.shippingAddress;
    const postal = address ? parsePostalCode(address.postalCode) : null;
    await insertOrder(tx, {
      id: orderId,
      householdId: member.householdId,
      userId: member.userId,
      itemId: item.id,
      kind: item.kind,
      quantity: input.quantity,
      points,
      clientKey,
      transferId,
      status: initialOrderStatus(item.kind),
      address: address && postal?.ok ? { name: address.name, line1: address.line1, line2: address.line2 || null, city: address.city, province: address.province, postalCode: postal.formatted } : null,
    });
    if (code) {
      await assignCode(tx, code.id, orderId);
      const contact = await memberContact(tx, member.userId);
      if (contact && deps.mailer) {
        const language = languageSchema.catch('en').parse(contact.language);
        const itemName = { en: item.nameEn, fr: item.nameFr, es: item.nameEs }[language];
        const body = rewardCodeTemplate(language, { name: contact.name, itemName, code: code.code, points, rewardsUrl: `${deps.publicUrl}/app/rewards` });
        // Recorded with the order: the outbox has the code exactly when the order does.
        email = await deps.mailer.record({ to: contact.email, kind: 'reward-code', language, ...body }, tx);
      }
    }
    return { orderId, created: true };
  });
  if (email && deps.mailer) void deps.mailer.deliver(email);
  const order = await findOrder(deps.db, outcome.orderId);
  if (!order) throw new Error(`Order ${outcome.orderId} vanished after it was written`);
  return { order: orderView(order), created: outcome.created };
}
