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
import { openRedemption, writeRedemption, type RedemptionWrite, type RedemptionWritten } from './redeem.repository';
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

/** The ledger key turned out to be taken (nothing was written); answered from the order under it. */
class KeyTaken extends Error {}

/**
 * Redeems one reward (decisions 039, 040, 051, 064): read what the checks need in one statement,
 * check, then lock the item, take the stock, hand out a code, debit the member and write the
 * order in a second, which writes all of it or nothing. That write commits on its own; only a
 * code that is emailed needs a transaction, so the email is recorded with the order. Locks are
 * therefore held for the write and its commit, not across round trips to this process.
 * The same Idempotency-Key again answers the first order (`created: false`) and debits nothing:
 * a copy finds the first one's order directly once committed, or, while the first is still
 * running, waits on the ledger key it took and then finds the order through it.
 */
export async function redeem(deps: RedeemDeps, member: Redeemer, clientKey: string, input: RedeemInput): Promise<{ order: RewardOrder; created: boolean }> {
  const context = await openRedemption(deps.db, member, input.itemId, clientKey);
  const { item, earlier } = context;
  if (earlier) {
    if (earlier.itemId !== input.itemId || earlier.quantity !== input.quantity) throw keyReused();
    const order = await findOrder(deps.db, earlier.id);
    if (!order) throw new Error(`Order ${earlier.id} vanished after it was written`);
    return { order: orderView(order), created: false };
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
  const marketplaceAccountId = context.marketplaceAccountId ?? (await houseAccountId(deps.db, marketplaceRedemptions(member.householdId)));

  const orderId = randomUUID();
  const address = input.shippingAddress;
  const postal = address ? parsePostalCode(address.postalCode) : null;
  const shipTo = address && postal?.ok ? { name: address.name, line1: address.line1, line2: address.line2 || null, city: address.city, province: address.province, postalCode: postal.formatted } : null;
  const status = initialOrderStatus(item.kind);
  const takesCode = isCodeKind(item.kind);
  const write: RedemptionWrite = {
    orderId,
    householdId: member.householdId,
    userId: member.userId,
    item,
    quantity: input.quantity,
    points,
    takesCode,
    clientKey,
    ledgerKey: redemptionKey(member.userId, clientKey),
    memberAccountId: context.memberAccount.id,
    marketplaceAccountId,
    status,
    address: shipTo,
  };
  const contact = context.contact && !context.contact.deleted ? context.contact : null;
  const mailer = takesCode && contact ? deps.mailer : undefined;

  let email: RecordedEmail | null = null;
  let written: RedemptionWritten;
  try {
    if (mailer && contact) {
      written = await deps.db.transaction(async (tx) => {
        const result = refuseUnwritten(await writeRedemption(tx, write), takesCode);
        const language = languageSchema.catch('en').parse(contact.language);
        const itemName = { en: item.nameEn, fr: item.nameFr, es: item.nameEs }[language];
        const body = rewardCodeTemplate(language, { name: contact.name, itemName, code: result.code!, points, rewardsUrl: `${deps.publicUrl}/app/rewards` });
        // Recorded with the order: the outbox has the code exactly when the order does.
        email = await mailer.record({ to: contact.email, kind: 'reward-code', language, ...body }, tx);
        return result;
      });
    } else {
      written = refuseUnwritten(await writeRedemption(deps.db, write), takesCode);
    }
  } catch (error) {
    if (isStockCheck(error)) throw outOfStock();
    if (isNegativeBalance(error)) throw insufficient();
    if (!(error instanceof KeyTaken)) throw error;
    // Another request with this key committed while this one waited: answer its order, or say
    // the key named something else.
    const other = await findOrderByKey(deps.db, member.userId, clientKey);
    if (!other || other.itemId !== input.itemId || other.quantity !== input.quantity) throw keyReused();
    return { order: orderView(other), created: false };
  }
  if (email && mailer) void mailer.deliver(email);
  const order: RewardOrder = {
    id: orderId,
    itemId: item.id,
    kind: item.kind,
    name: { en: item.nameEn, fr: item.nameFr, es: item.nameEs },
    quantity: input.quantity,
    points,
    status,
    code: written.code,
    carrier: null,
    tracking: null,
    shippingAddress: shipTo,
    createdAt: written.createdAt!,
    shippedAt: null,
    deliveredAt: null,
  };
  return { order, created: true };
}

/** The write's answer when it wrote nothing, as the refusal (or the taken key) it means. */
function refuseUnwritten(written: RedemptionWritten, takesCode: boolean): RedemptionWritten {
  // Withdrawn, or the balance spent, between the read and the locks.
  if (!written.active) throw withdrawn();
  if (!written.covered) throw insufficient();
  if (!written.transferId) {
    if (takesCode && !written.code) throw outOfStock();
    throw new KeyTaken();
  }
  return written;
}
