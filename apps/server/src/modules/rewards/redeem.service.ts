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
import { houseAccountId, marketplaceRedemptions } from '../points/points.repository';
import { isNegativeBalance } from '../points/points.service';
import { openRedemption, writeRedemption } from './redeem.repository';
import { findOrder, findOrderByKey } from './rewards.repository';
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
const keyReused = () => new AppError(409, 'idempotency_key_reused', REWARD_MESSAGES.keyReused);
const withdrawn = () => new AppError(410, 'reward_withdrawn', REWARD_MESSAGES.withdrawn);

/** The ledger key of a redemption: the member's own key, under their id, so two members never collide. */
export const redemptionKey = (userId: string, clientKey: string) => `redemption:${userId}:${clientKey}`;

/** Thrown inside the transaction to roll it back when the key turns out to be taken; answered outside it. */
class KeyTaken extends Error {}

/**
 * Redeems one reward in one transaction (decisions 039, 040, 051, 064): read what the checks need
 * in one statement, check, then lock the item, take the stock, hand out a code, debit the member
 * and write the order in a second; record the code's email. Any refusal rolls all of it back.
 * The same Idempotency-Key again answers the first order (`created: false`) and debits nothing:
 * a copy finds the first one's order directly once committed, or, while the first is still
 * running, waits on the ledger key it took and then finds the order through it.
 */
export async function redeem(deps: RedeemDeps, member: Redeemer, clientKey: string, input: RedeemInput): Promise<{ order: RewardOrder; created: boolean }> {
  let email: RecordedEmail | null = null;
  let outcome: { order: RewardOrder; created: true } | { orderId: string; created: false };
  try {
    outcome = await deps.db.transaction(async (tx) => {
      const context = await openRedemption(tx, member, input.itemId, clientKey);
      const { item, earlier } = context;
      if (earlier) {
        if (earlier.itemId !== input.itemId || earlier.quantity !== input.quantity) throw keyReused();
        return { orderId: earlier.id, created: false as const };
      }
      if (!item) throw new AppError(404, 'reward_not_found', REWARD_MESSAGES.notFound);
      if (item.status !== 'active') throw withdrawn();
      if (isCodeKind(item.kind) && input.quantity !== 1) throw new AppError(400, 'validation_failed', REWARD_MESSAGES.oneCodeAtATime);
      if (needsShipping(item.kind) && !input.shippingAddress) throw new AppError(400, 'address_required', REWARD_MESSAGES.addressRequired);
      if (!needsShipping(item.kind) && input.shippingAddress) throw new AppError(400, 'address_not_needed', REWARD_MESSAGES.addressNotNeeded);
      if (item.stock !== null && item.stock < input.quantity) throw outOfStock();
      const points = item.pointsCost * input.quantity;
      // Refuses early, before touching stock and codes; the balance CHECK stays the guard for a
      // spend racing this one on another item. No account yet means nothing to spend.
      if (!context.memberAccount || context.memberAccount.balance < points) throw insufficient();
      const marketplaceAccountId = context.marketplaceAccountId ?? (await houseAccountId(tx, marketplaceRedemptions(member.householdId)));

      const orderId = randomUUID();
      const address = input.shippingAddress;
      const postal = address ? parsePostalCode(address.postalCode) : null;
      const shipTo = address && postal?.ok ? { name: address.name, line1: address.line1, line2: address.line2 || null, city: address.city, province: address.province, postalCode: postal.formatted } : null;
      const status = initialOrderStatus(item.kind);
      let written;
      try {
        written = await writeRedemption(tx, {
          orderId,
          householdId: member.householdId,
          userId: member.userId,
          item,
          quantity: input.quantity,
          points,
          takesCode: isCodeKind(item.kind),
          clientKey,
          ledgerKey: redemptionKey(member.userId, clientKey),
          memberAccountId: context.memberAccount.id,
          marketplaceAccountId,
          status,
          address: shipTo,
        });
      } catch (error) {
        if (isStockCheck(error)) throw outOfStock();
        if (isNegativeBalance(error)) throw insufficient();
        throw error;
      }
      // Withdrawn between the read and the lock.
      if (!written.active) throw withdrawn();
      if (!written.transferId) {
        if (isCodeKind(item.kind) && !written.code) throw outOfStock();
        throw new KeyTaken();
      }

      const contact = context.contact && !context.contact.deleted ? context.contact : null;
      if (written.code && contact && deps.mailer) {
        const language = languageSchema.catch('en').parse(contact.language);
        const itemName = { en: item.nameEn, fr: item.nameFr, es: item.nameEs }[language];
        const body = rewardCodeTemplate(language, { name: contact.name, itemName, code: written.code, points, rewardsUrl: `${deps.publicUrl}/app/rewards` });
        // Recorded with the order: the outbox has the code exactly when the order does.
        email = await deps.mailer.record({ to: contact.email, kind: 'reward-code', language, ...body }, tx);
      }
      const order: RewardOrder = {
        id: orderId,
        itemId: item.id,
        kind: item.kind,
        name: { en: item.nameEn, fr: item.nameFr, es: item.nameEs },
        quantity: input.quantity,
        points,
        status,
        code: written.code,
        tracking: null,
        shippingAddress: shipTo,
        createdAt: written.createdAt!,
        shippedAt: null,
        deliveredAt: null,
      };
      return { order, created: true as const };
    });
  } catch (error) {
    if (!(error instanceof KeyTaken)) throw error;
    // Another request with this key committed while this one waited: answer its order, or say
    // the key named something else.
    const earlier = await findOrderByKey(deps.db, member.userId, clientKey);
    if (!earlier || earlier.itemId !== input.itemId || earlier.quantity !== input.quantity) throw keyReused();
    return { order: orderView(earlier), created: false };
  }
  if (email && deps.mailer) void deps.mailer.deliver(email);
  if (outcome.created) return outcome;
  const order = await findOrder(deps.db, outcome.orderId);
  if (!order) throw new Error(`Order ${outcome.orderId} vanished after it was written`);
  return { order: orderView(order), created: false };
}
