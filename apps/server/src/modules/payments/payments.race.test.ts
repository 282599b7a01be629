import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember } from '../../test/test-session';
import { addCard, count, memberWithStatement, webhookSender } from './payments.test-helper';

/**
 * Races on the real database: on PostgreSQL (`node scripts/test-pg.mjs`) each request runs its
 * transaction on its own pooled connection, so these are truly parallel (decision 048).
 */
describe('payment races', () => {
  const now = new Date('2025-11-05T15:00:00Z');
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
  });
  afterAll(() => t.close());

  it('20 parallel Pay now with one Idempotency-Key: one payment, one charge, the same answer to all; 10 parallel webhook deliveries: one receipt', async () => {
    const { member, household } = await memberWithStatement(t, now);
    const card = await addCard(t, member, '4242424242424242');
    const key = randomUUID();
    const body = JSON.stringify({ amountCents: 1_234, paymentMethodId: card.id });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => t.app.request('/api/billing/payments', { method: 'POST', headers: asMember(member, { 'idempotency-key': key }), body })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    const ids = new Set(await Promise.all(responses.map(async (r) => ((await r.json()) as { id: string }).id)));
    expect(ids.size).toBe(1);
    expect(await count(t.database.db, 'payments', sql`household_id = ${household.id}::uuid`)).toBe(1);
    expect(await count(t.database.db, 'sandbox_charges', sql`token in (select processor_token from payment_methods where household_id = ${household.id}::uuid)`)).toBe(1);

    const posted: { body: string; headers: Record<string, string> }[] = [];
    const sender = webhookSender(t, () => now, posted);
    await sender.deliverDue();
    await sender.stop();
    const replays = await Promise.all(Array.from({ length: 10 }, () => t.app.request('/api/payments/webhook', { method: 'POST', headers: posted[0]!.headers, body: posted[0]!.body })));
    expect(replays.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(await count(t.database.db, 'email_outbox', sql`kind = 'payment-receipt' and "to" = ${member.email}`)).toBe(1);
    expect(await count(t.database.db, 'payments', sql`household_id = ${household.id}::uuid and status = 'succeeded'`)).toBe(1);
  });
});
