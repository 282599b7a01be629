import { randomUUID } from 'node:crypto';
import type { FreePlug } from '@peakwise/contracts/first-steps.contract';
import { FREE_PLUG_MESSAGES, type orderFreePlugSchema } from '@peakwise/contracts/free-plug-order.contract';
import { parsePostalCode, type ProvinceCode } from '@peakwise/domain/postal-code';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { findFreePlugOrder, insertFreePlugOrder, skipFreePlug, type FreePlugOrderRow } from './free-plug.repository';
import { findOrderByKey } from './rewards.repository';

export type FreePlugDeps = { db: DbOrTx; serviceableProvinces: readonly ProvinceCode[] };
type Member = { userId: string; householdId: string };

const alreadyOrdered = () => new AppError(409, 'free_plug_already_ordered', FREE_PLUG_MESSAGES.alreadyOrdered);

/** What the Dashboard shows of the household's free plug. */
export function freePlugView(order: FreePlugOrderRow | null, skipped: boolean): FreePlug {
  if (order) return { status: order.status, carrier: order.carrier, tracking: order.tracking, orderedAt: order.createdAt, shippedAt: order.shippedAt, deliveredAt: order.deliveredAt };
  return { status: skipped ? 'skipped' : 'available', carrier: null, tracking: null, orderedAt: null, shippedAt: null, deliveredAt: null };
}

/**
 * Orders the household's free smart plug (issue 30, decision 090) to a Canadian address in a
 * province Peakwise serves. One per household, held by a unique index whatever races: a second
 * order is refused and changes nothing. The same Idempotency-Key from the same member answers
 * the first order again (`created: false`).
 */
export async function orderFreePlug(deps: FreePlugDeps, member: Member, clientKey: string, input: z.output<typeof orderFreePlugSchema>): Promise<{ created: boolean }> {
  const earlier = await findFreePlugOrder(deps.db, member.householdId);
  if (earlier) return replayOrRefuse(earlier, member, clientKey);
  const address = input.shippingAddress;
  if (!deps.serviceableProvinces.includes(address.province)) throw new AppError(400, 'province_not_served', FREE_PLUG_MESSAGES.notServed);
  const postal = parsePostalCode(address.postalCode);
  // The contract accepted it, so it parses; the stored form is the formatted one, as a reward's.
  if (!postal.ok) throw new Error('A postal code the contract accepted did not parse');
  const shipTo = { name: address.name, line1: address.line1, line2: address.line2 || null, city: address.city, province: address.province, postalCode: postal.formatted };
  const written = await insertFreePlugOrder(deps.db, { orderId: randomUUID(), householdId: member.householdId, userId: member.userId, clientKey, address: shipTo });
  if (!written.available) throw new AppError(410, 'free_plug_unavailable', FREE_PLUG_MESSAGES.unavailable);
  if (written.orderId) return { created: true };
  // A unique index stopped it: this household's plug ordered meanwhile, or the key already names a reward order.
  const other = await findFreePlugOrder(deps.db, member.householdId);
  if (other) return replayOrRefuse(other, member, clientKey);
  if (await findOrderByKey(deps.db, member.userId, clientKey)) throw new AppError(409, 'idempotency_key_reused', FREE_PLUG_MESSAGES.keyReused);
  throw new Error('A free-plug order wrote nothing and nothing stands in its way');
}

function replayOrRefuse(order: FreePlugOrderRow, member: Member, clientKey: string): { created: boolean } {
  if (order.userId === member.userId && order.clientKey === clientKey) return { created: false };
  throw alreadyOrdered();
}

/** "I already have a plug": the step ticks as skipped. Refused once the household's plug is ordered. */
export async function skipTheFreePlug(db: DbOrTx, householdId: string, now: Date): Promise<void> {
  if (!(await skipFreePlug(db, householdId, now))) throw alreadyOrdered();
}
