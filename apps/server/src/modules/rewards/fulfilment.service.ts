import { languageSchema } from '@peakwise/contracts/account.contract';
import { REWARD_MESSAGES } from '@peakwise/contracts/rewards.contract';
import { nextOrderStatus } from '@peakwise/domain/reward-rules';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Mailer, RecordedEmail } from '../email/mailer';
import { rewardShippedTemplate } from '../email/templates/reward-shipped.template';
import { findOrder, lockOrder, markDelivered, markShipped, memberContact } from './rewards.repository';

export type OrderStep = { to: 'shipped'; tracking: string; carrier?: string | undefined } | { to: 'delivered' };
export type FulfilmentDeps = { db: Db; mailer?: Mailer | undefined; publicUrl: string };

/**
 * An operator moves a physical order one step: ordered → shipped (with tracking, and the carrier
 * when given) → delivered. Shipping emails the member in their language, recorded in the same
 * transaction, so the outbox has the email exactly when the order is shipped (decision 090). The
 * free plug's status is on the Dashboard, a reward's on the Rewards page.
 */
export async function advanceOrder(deps: FulfilmentDeps, id: string, step: OrderStep, now: Date): Promise<void> {
  const email = await deps.db.transaction(async (tx): Promise<RecordedEmail | null> => {
    const order = await lockOrder(tx, id);
    if (!order) throw new AppError(404, 'order_not_found', REWARD_MESSAGES.orderNotFound);
    if (nextOrderStatus(order.status) !== step.to) throw new AppError(409, 'order_status', REWARD_MESSAGES.orderMove);
    if (step.to === 'delivered') {
      await markDelivered(tx, id, now);
      return null;
    }
    const carrier = step.carrier?.trim() || null;
    await markShipped(tx, id, step.tracking, carrier, now);
    const contact = deps.mailer ? await memberContact(tx, order.userId) : null;
    const shipped = contact ? await findOrder(tx, id) : null;
    if (!deps.mailer || !contact || !shipped) return null;
    const language = languageSchema.catch('en').parse(contact.language);
    const itemName = { en: shipped.nameEn, fr: shipped.nameFr, es: shipped.nameEs }[language];
    const ordersUrl = `${deps.publicUrl}${shipped.points === 0 ? '/app/dashboard' : '/app/rewards'}`;
    const body = rewardShippedTemplate(language, { name: contact.name, itemName, carrier, tracking: step.tracking, ordersUrl });
    return deps.mailer.record({ to: contact.email, kind: 'reward-shipped', language, ...body }, tx);
  });
  if (email && deps.mailer) void deps.mailer.deliver(email);
}
