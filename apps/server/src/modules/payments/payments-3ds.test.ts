import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingSummarySchema } from '@peakwise/contracts/billing.contract';
import { paymentSchema, type Payment } from '@peakwise/contracts/payments.contract';
import { rowsOf } from '../../db/rows';
import { startDurableWorker } from '../../jobs/durable-worker';
import { sandboxChallengeJobHandlers } from '../../jobs/sandbox-challenge-jobs';
import { createLogger } from '../../lib/logger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, type Member } from '../../test/test-session';
import type { Household } from '../households/household.repository';
import { addCard, count, memberWithStatement, statementRows, webhookSender } from './payments.test-helper';

/*
 * 3-D Secure in the sandbox (decision 055): the 4000 0025 0000 3155 card's charge waits for the
 * member's answer on the sandbox's challenge page; the answer (or its expiry, here after 5
 * minutes) makes the sandbox owe a signed webhook, which settles the payment. Balances are worked
 * from the stored statement rows and the amounts paid here.
 */

const EXPIRY_MINUTES = 5;
let now = new Date('2025-11-05T15:00:00Z');
const clock = () => now;
let t: TestApp;
let member: Member;
let household: Household;
let cardId: string;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { PAYMENTS_CHALLENGE_EXPIRY_MINUTES: String(EXPIRY_MINUTES) } });
  ({ member, household } = await memberWithStatement(t, now));
  cardId = (await addCard(t, member, '4000 0025 0000 3155')).id;
});
afterAll(() => t.close());

const db = () => t.database.db;
const pay = async (amountCents: number, key: string = randomUUID()) => {
  const res = await t.app.request('/api/billing/payments', { method: 'POST', headers: asMember(member, { 'idempotency-key': key }), body: JSON.stringify({ amountCents, paymentMethodId: cardId }) });
  return { status: res.status, payment: paymentSchema.parse(await res.json()) };
};
const balance = async () => billingSummarySchema.parse(await (await t.app.request('/api/billing/summary', { headers: asMember(member) })).json()).balanceCents;
const challengeUrl = (payment: Payment) => {
  if (payment.nextAction?.type !== 'redirect') throw new Error(`no challenge: ${JSON.stringify(payment)}`);
  return payment.nextAction.url;
};
/** The member's browser on the bank's page: a form post with the origin of the page. */
const answer = (url: string, decision: string, returnPath = '/app/billing') =>
  t.app.request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(t.config.publicUrl).origin },
    body: new URLSearchParams({ decision, return: returnPath, lang: 'en' }).toString(),
    redirect: 'manual',
  });
const stored = async (id: string) =>
  rowsOf<{ status: string; failureCode: string | null; failureReason: string | null; nextAction: unknown }>(
    await db().execute(sql`select status, failure_code as "failureCode", failure_reason as "failureReason", next_action as "nextAction" from payments where id = ${id}::uuid`),
  )[0]!;
const receipts = () => count(db(), 'email_outbox', sql`kind = 'payment-receipt' and "to" = ${member.email}`);

describe('3-D Secure in the sandbox', () => {
  it('approve: the payment waits for the member, one payment per key, then the signed webhook settles it once', async () => {
    const [october] = await statementRows(db(), household.id);
    const before = await balance();
    expect(before).toBe(october!.amountDueCents);
    const key = randomUUID();
    const first = await pay(1_000, key);
    expect(first.status).toBe(201);
    expect(first.payment.status).toBe('requires_action');
    const url = challengeUrl(first.payment);
    expect(url).toMatch(/^\/api\/sandbox-processor\/challenges\/ch_[0-9a-f]{24}$/);

    // A double submit with the same key is the same payment and the same challenge.
    const again = await pay(1_000, key);
    expect(again.status).toBe(200);
    expect(again.payment).toEqual(first.payment);
    expect(await count(db(), 'payments', sql`household_id = ${household.id}::uuid`)).toBe(1);
    expect(await count(db(), 'sandbox_charges', sql`reference = ${url.split('/').pop()!}`)).toBe(1);

    // Nothing is owed until the member answers.
    const posted: { body: string; headers: Record<string, string> }[] = [];
    const sender = webhookSender(t, clock, posted);
    expect(await sender.deliverDue()).toBe(0);

    const page = await t.app.request(`${url}?lang=fr&return=${encodeURIComponent('/app/billing?payment=x')}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Approuver');
    expect(html).toContain('10,00');
    expect(html).toContain('3155');
    expect(html).not.toContain('4000002500003155');

    const approved = await answer(url, 'approve', `/app/billing?payment=${first.payment.id}`);
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toBe(`/app/billing?payment=${first.payment.id}`);
    expect((await stored(first.payment.id)).status).toBe('requires_action');
    expect(await sender.deliverDue()).toBe(1);
    await sender.stop();
    expect(JSON.parse(posted[0]!.body)).toMatchObject({ type: 'charge.succeeded', data: { reference: url.split('/').pop() } });
    expect(await stored(first.payment.id)).toEqual({ status: 'succeeded', failureCode: null, failureReason: null, nextAction: null });
    expect(await balance()).toBe(before - 1_000);
    expect(await receipts()).toBe(1);

    // The webhook replayed, the page answered again: nothing changes.
    const replay = await t.app.request('/api/payments/webhook', { method: 'POST', headers: posted[0]!.headers, body: posted[0]!.body });
    expect(replay.status).toBe(200);
    expect((await answer(url, 'fail')).status).toBe(409);
    expect((await t.app.request(url)).status).toBe(404);
    expect(await receipts()).toBe(1);
    expect(await balance()).toBe(before - 1_000);
    expect((await stored(first.payment.id)).status).toBe('succeeded');
  });

  it('fail: the payment fails with its sentence and code, and the balance is unchanged', async () => {
    const before = await balance();
    const receiptsBefore = await receipts();
    const { payment } = await pay(2_500);
    const url = challengeUrl(payment);
    expect((await answer(url, 'maybe')).status).toBe(400);
    const failed = await answer(url, 'fail');
    expect(failed.status).toBe(303);
    expect(failed.headers.get('location')).toBe('/app/billing');
    const sender = webhookSender(t, clock);
    expect(await sender.deliverDue()).toBe(1);
    await sender.stop();
    expect(await stored(payment.id)).toEqual({
      status: 'failed',
      failureCode: 'authentication_failed',
      failureReason: 'Your bank could not confirm this payment. Nothing was charged.',
      nextAction: null,
    });
    const listed = paymentSchema.array().parse(await (await t.app.request('/api/billing/payments', { headers: asMember(member) })).json());
    expect(listed.find((p) => p.id === payment.id)).toMatchObject({ status: 'failed', failureCode: 'authentication_failed', nextAction: null });
    expect(await balance()).toBe(before);
    expect(await receipts()).toBe(receiptsBefore);
  });

  it('expire: unanswered, the durable job fails it after the configured time; an answer after it cannot approve', async () => {
    const before = await balance();
    const start = now;
    const { payment } = await pay(3_000);
    const late = await pay(4_000);
    const worker = startDurableWorker({ db: db(), handlers: sandboxChallengeJobHandlers, logger: createLogger({ level: 'silent' }), clock });
    now = new Date(start.getTime() + EXPIRY_MINUTES * 60_000 - 1_000);
    await worker.runDue();
    const sender = webhookSender(t, clock);
    expect(await sender.deliverDue()).toBe(0);
    expect((await stored(payment.id)).status).toBe('requires_action');

    now = new Date(start.getTime() + EXPIRY_MINUTES * 60_000);
    // The member answers the second one just as its time runs out: it expires rather than succeeds.
    expect((await answer(challengeUrl(late.payment), 'approve')).status).toBe(409);
    expect(await worker.runDue()).toBeGreaterThanOrEqual(1);
    await worker.stop();
    expect(await sender.deliverDue()).toBe(2);
    await sender.stop();
    for (const id of [payment.id, late.payment.id]) {
      expect(await stored(id)).toMatchObject({ status: 'failed', failureCode: 'authentication_expired', failureReason: 'The confirmation with your bank was not finished in time. Nothing was charged.' });
    }
    expect((await t.app.request(`${challengeUrl(payment)}?lang=es`)).status).toBe(404);
    expect(await balance()).toBe(before);
    now = start;
  });

  it('the return path stays on this site', async () => {
    for (const evil of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const { payment } = await pay(100);
      const res = await answer(challengeUrl(payment), 'fail', evil);
      expect(res.status, evil).toBe(303);
      expect(res.headers.get('location'), evil).toBe('/app/billing');
    }
    const sender = webhookSender(t, clock);
    await sender.deliverDue();
    await sender.stop();
  });

  it('the database refuses a status out of order and a waiting payment without its next action', async () => {
    const { payment } = await pay(150);
    await expect(db().execute(sql`update payments set next_action = null where id = ${payment.id}::uuid`)).rejects.toThrow();
    await expect(db().execute(sql`update payments set status = 'pending', next_action = null where id = ${payment.id}::uuid`)).rejects.toThrow();
    const [settled] = rowsOf<{ id: string }>(await db().execute(sql`select id from payments where household_id = ${household.id}::uuid and status = 'succeeded' limit 1`));
    await expect(db().execute(sql`update payments set status = 'requires_action', succeeded_at = null, next_action = '{"type":"redirect","url":"/x"}'::jsonb where id = ${settled!.id}::uuid`)).rejects.toThrow();
    expect((await stored(payment.id)).status).toBe('requires_action');
  });
});

describe('what the browser needs to take a card', () => {
  it('the sandbox by default; Stripe with its publishable key when configured', async () => {
    expect(await (await t.app.request('/api/payments/config')).json()).toEqual({ processor: 'sandbox' });
    const stripe = await createTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_local0123', STRIPE_WEBHOOK_SECRET: 'whsec_local0123456789', STRIPE_PUBLISHABLE_KEY: 'pk_test_local0123' },
    });
    try {
      expect(await (await stripe.app.request('/api/payments/config')).json()).toEqual({ processor: 'stripe', publishableKey: 'pk_test_local0123' });
    } finally {
      await stripe.close();
    }
  });
});
