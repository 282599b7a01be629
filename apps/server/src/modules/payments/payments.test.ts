import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingSummarySchema, statementDetailSchema } from '@peakwise/contracts/billing.contract';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { catchUpStatements } from '../billing/statements.service';
import type { Household } from '../households/household.repository';
import { addCard, count, memberWithStatement, statementRows, webhookSender } from './payments.test-helper';
import { SIGNATURE_HEADER, signPayload } from './webhook-signature';

/*
 * Payments against statements issued by the real statement path. Expected balances are worked
 * from the statements' own stored rows and the amounts paid here, never from the service.
 */

let now = new Date('2025-11-05T15:00:00Z');
const clock = () => now;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const call = (who: Member | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.app.request(path, {
    method,
    headers: who ? asMember(who, headers) : { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const pay = (who: Member, body: unknown, key: string = randomUUID()) => call(who, 'POST', '/api/billing/payments', body, { 'idempotency-key': key });
const summary = async (who: Member) => billingSummarySchema.parse(await (await call(who, 'GET', '/api/billing/summary')).json());
const db = () => t.database.db;

describe('the sandbox tokenizer', () => {
  it('refuses malformed card data with its message and keeps nothing', async () => {
    const member = await createMember(t.app);
    const before = await count(db(), 'sandbox_card_tokens');
    const cases: [unknown, string][] = [
      [{ number: '4242424242424241', expMonth: 12, expYear: 2030, cvc: '123' }, 'Enter a valid card number.'],
      [{ number: '4242', expMonth: 12, expYear: 2030, cvc: '123' }, 'Enter a valid card number.'],
      [{ number: 'x'.repeat(40), expMonth: 12, expYear: 2030, cvc: '123' }, 'Enter a valid card number.'],
      [{ number: '4242424242424242', expMonth: 13, expYear: 2030, cvc: '123' }, 'Enter the expiry month (1–12) and four-digit year on the card.'],
      [{ number: '4242424242424242', expMonth: 12, expYear: 30, cvc: '123' }, 'Enter the expiry month (1–12) and four-digit year on the card.'],
      [{ number: '4242424242424242', expMonth: 10, expYear: 2025, cvc: '123' }, 'This card has expired.'],
      [{ number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '12' }, 'Enter the 3-digit security code'],
      [{ number: '378282246310005', expMonth: 12, expYear: 2030, cvc: '123' }, 'Enter the 3-digit security code'],
      [{ number: '4242424242424242', expMonth: 12, expYear: 2030 }, 'Enter the 3-digit security code'],
    ];
    for (const [body, message] of cases) {
      const res = await call(member, 'POST', '/api/sandbox-processor/tokens', body);
      expect(res.status, message).toBe(400);
      const text = await res.text();
      expect(text, message).toContain(message);
      // The number never comes back, even in an error.
      expect(text).not.toContain('424242424242');
    }
    expect(await count(db(), 'sandbox_card_tokens')).toBe(before);
    expect((await call(null, 'POST', '/api/sandbox-processor/tokens', cases[0]![0])).status).toBe(401);
  });

  it('keeps only brand, last 4, expiry and a token', async () => {
    const member = await createMember(t.app);
    const card = await addCard(t, member, '4242 4242 4242 4242');
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', isDefault: true });
    const dump = JSON.stringify(rowsOf(await db().execute(sql`select * from sandbox_card_tokens`))) + JSON.stringify(rowsOf(await db().execute(sql`select * from payment_methods`)));
    expect(dump).not.toContain('4242424242424242');
    expect(dump).not.toContain('"123"');
  });
});

describe('saved cards', () => {
  it('lists, sets the default and removes; the first card is the default and another takes over when it goes', async () => {
    const member = await createMember(t.app);
    const visa = await addCard(t, member, '4242424242424242');
    const mc = await addCard(t, member, '5555555555554444');
    expect(mc.isDefault).toBe(false);
    const list = async () => (await (await call(member, 'GET', '/api/billing/payment-methods')).json()) as { id: string; isDefault: boolean }[];
    expect((await list()).map((m) => [m.id, m.isDefault])).toEqual([
      [visa.id, true],
      [mc.id, false],
    ]);
    expect((await call(member, 'POST', `/api/billing/payment-methods/${mc.id}/default`)).status).toBe(200);
    expect((await list()).map((m) => [m.id, m.isDefault])).toEqual([
      [mc.id, true],
      [visa.id, false],
    ]);
    expect((await call(member, 'DELETE', `/api/billing/payment-methods/${mc.id}`)).status).toBe(200);
    expect((await list()).map((m) => [m.id, m.isDefault])).toEqual([[visa.id, true]]);
  });

  it('refuses an unknown or malformed token', async () => {
    const member = await createMember(t.app);
    for (const token of ['tok_doesnotexist000', 'bad token!']) {
      const res = await call(member, 'POST', '/api/billing/payment-methods', { token });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('This card token is not valid. Enter the card again.');
    }
  });
});

describe('access', () => {
  it('no member sees, uses, changes or takes over another member’s cards or payments', async () => {
    const { member: owner } = await memberWithStatement(t, now);
    const other = await createMember(t.app);
    const card = await addCard(t, owner, '4242424242424242');
    const paid = await pay(owner, { amountCents: 100, paymentMethodId: card.id });
    expect(paid.status).toBe(201);
    const ownerStatement = (await summary(owner)).lastStatement!.id;

    expect(await (await call(other, 'GET', '/api/billing/payment-methods')).json()).toEqual([]);
    expect(await (await call(other, 'GET', '/api/billing/payments')).json()).toEqual([]);
    expect((await call(other, 'POST', `/api/billing/payment-methods/${card.id}/default`)).status).toBe(404);
    expect((await call(other, 'DELETE', `/api/billing/payment-methods/${card.id}`)).status).toBe(404);
    const otherCard = await addCard(t, other, '4242424242424242');
    expect((await pay(other, { amountCents: 100, paymentMethodId: card.id })).status).toBe(404);
    const foreign = await pay(other, { amountCents: 100, paymentMethodId: otherCard.id, statementId: ownerStatement });
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toContain('No such statement.');
    // A token another household saved is not this household's card.
    const [row] = rowsOf<{ token: string }>(await db().execute(sql`select processor_token as token from payment_methods where id = ${card.id}::uuid`));
    const stolen = await call(other, 'POST', '/api/billing/payment-methods', { token: row!.token });
    expect(stolen.status).toBe(400);
    for (const path of ['/api/billing/payments', '/api/billing/payment-methods']) expect((await call(null, 'GET', path)).status).toBe(401);
    expect((await (await call(owner, 'GET', '/api/billing/payment-methods')).json()) as unknown[]).toHaveLength(1);
    const sender = webhookSender(t, clock);
    expect(await sender.deliverDue()).toBe(1);
    await sender.stop();
  });
});

describe('Pay now', () => {
  let member: Member;
  let household: Household;
  let cardId: string;

  beforeAll(async () => {
    now = new Date('2025-11-05T15:00:00Z');
    ({ member, household } = await memberWithStatement(t, now));
    cardId = (await addCard(t, member, '4242424242424242')).id;
  });

  it('refuses bad input with a 4xx and its message, and writes nothing', async () => {
    const [october] = await statementRows(db(), household.id);
    const before = { payments: await count(db(), 'payments'), charges: await count(db(), 'sandbox_charges') };
    const cases: [unknown, string | null, number, string][] = [
      [{ amountCents: 0, paymentMethodId: cardId }, randomUUID(), 400, 'Enter an amount greater than $0.00.'],
      [{ amountCents: -500, paymentMethodId: cardId }, randomUUID(), 400, 'Enter an amount greater than $0.00.'],
      [{ amountCents: 10.5, paymentMethodId: cardId }, randomUUID(), 400, 'Enter the amount in whole cents.'],
      [{ amountCents: '100', paymentMethodId: cardId }, randomUUID(), 400, 'Enter the amount in whole cents.'],
      [{ amountCents: 500_001, paymentMethodId: cardId }, randomUUID(), 400, 'A single payment cannot be more than $5,000.00.'],
      [{ amountCents: 100, paymentMethodId: cardId, statementId: randomUUID() }, randomUUID(), 404, 'No such statement.'],
      [{ amountCents: 100, paymentMethodId: cardId, statementId: 'not-a-uuid' }, randomUUID(), 400, 'No such statement.'],
      [{ amountCents: 100, paymentMethodId: randomUUID() }, randomUUID(), 404, 'No such card.'],
      [{ amountCents: 100, paymentMethodId: cardId }, null, 400, 'The request needs an Idempotency-Key header'],
      [{ amountCents: 100, paymentMethodId: cardId }, 'short', 400, 'The request needs an Idempotency-Key header'],
    ];
    for (const [body, key, status, message] of cases) {
      const res = await call(member, 'POST', '/api/billing/payments', body, key ? { 'idempotency-key': key } : {});
      expect(res.status, message).toBe(status);
      expect(await res.text(), message).toContain(message);
    }
    expect({ payments: await count(db(), 'payments'), charges: await count(db(), 'sandbox_charges') }).toEqual(before);
    expect((await summary(member)).balanceCents).toBe(october!.amountDueCents);
  });

  it('declines show their exact message and change nothing', async () => {
    const declines: [string, string][] = [
      ['4000000000009995', 'Your card was declined for insufficient funds. Nothing was charged.'],
      ['4000000000000069', 'Your card has expired. Nothing was charged.'],
    ];
    const before = { payments: await count(db(), 'payments'), charges: await count(db(), 'sandbox_charges'), summary: await summary(member) };
    for (const [number, message] of declines) {
      const card = await addCard(t, member, number);
      const res = await pay(member, { amountCents: 1_000, paymentMethodId: card.id });
      expect(res.status, number).toBe(402);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
      await call(member, 'DELETE', `/api/billing/payment-methods/${card.id}`);
    }
    expect({ payments: await count(db(), 'payments'), charges: await count(db(), 'sandbox_charges'), summary: await summary(member) }).toEqual(before);
  });

  it('a partial payment is pending until the signed webhook, then Partially paid; a replayed webhook changes nothing', async () => {
    const [october] = await statementRows(db(), household.id);
    expect(october!.amountDueCents).toBeGreaterThan(1_000);
    const res = await pay(member, { amountCents: 1_000, paymentMethodId: cardId, statementId: october!.id });
    expect(res.status).toBe(201);
    const payment = (await res.json()) as { id: string; status: string };
    expect(payment.status).toBe('pending');
    expect((await summary(member)).lastStatement!.status).toBe('due');

    const posted: { body: string; headers: Record<string, string> }[] = [];
    const sender = webhookSender(t, clock, posted);
    expect(await sender.deliverDue()).toBe(1);
    expect(await sender.deliverDue()).toBe(0);
    await sender.stop();
    const after = await summary(member);
    expect(after.lastStatement!.status).toBe('partially_paid');
    expect(after.balanceCents).toBe(october!.amountDueCents - 1_000);

    const receipts = await count(db(), 'email_outbox', sql`kind = 'payment-receipt' and "to" = ${member.email}`);
    expect(receipts).toBe(1);
    const [mail] = rowsOf<{ subject: string; text: string }>(await db().execute(sql`select subject, text from email_outbox where kind = 'payment-receipt' and "to" = ${member.email}`));
    expect(mail!.subject).toBe('Payment received: $10.00');
    expect(mail!.text).toContain('•••• 4242');
    expect(mail!.text).not.toContain('4242424242424242');

    // The same delivery again (a processor's retry, an attacker's replay): one payment, one receipt.
    const replay = await t.app.request('/api/payments/webhook', { method: 'POST', headers: posted[0]!.headers, body: posted[0]!.body });
    expect(replay.status).toBe(200);
    expect(await count(db(), 'email_outbox', sql`kind = 'payment-receipt' and "to" = ${member.email}`)).toBe(1);
    expect((await summary(member)).balanceCents).toBe(october!.amountDueCents - 1_000);

    // A forged or altered event is refused.
    const forged = posted[0]!.body.replace('charge.succeeded', 'charge.failed');
    expect((await t.app.request('/api/payments/webhook', { method: 'POST', headers: posted[0]!.headers, body: forged })).status).toBe(400);
    const wrongKey = { 'content-type': 'application/json', [SIGNATURE_HEADER]: signPayload('another-secret-0123456789', posted[0]!.body, now) };
    expect((await t.app.request('/api/payments/webhook', { method: 'POST', headers: wrongKey, body: posted[0]!.body })).status).toBe(400);
  });

  it('a double submit with one Idempotency-Key is one payment and one charge', async () => {
    const key = randomUUID();
    const before = { payments: await count(db(), 'payments'), charges: await count(db(), 'sandbox_charges') };
    const first = await pay(member, { amountCents: 500, paymentMethodId: cardId }, key);
    const second = await pay(member, { amountCents: 500, paymentMethodId: cardId }, key);
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(((await second.json()) as { id: string }).id).toBe(((await first.json()) as { id: string }).id);
    const reused = await pay(member, { amountCents: 700, paymentMethodId: cardId }, key);
    expect(reused.status).toBe(409);
    expect({ payments: await count(db(), 'payments'), charges: await count(db(), 'sandbox_charges') }).toEqual({ payments: before.payments + 1, charges: before.charges + 1 });
    const sender = webhookSender(t, clock);
    await sender.deliverDue();
    await sender.stop();
  });

  it('paying more than is due leaves a credit that carries into the next statement', async () => {
    const [october] = await statementRows(db(), household.id);
    const paidSoFar = 1_000 + 500;
    const over = october!.amountDueCents - paidSoFar + 2_500;
    expect((await pay(member, { amountCents: over, paymentMethodId: cardId })).status).toBe(201);
    const sender = webhookSender(t, clock);
    await sender.deliverDue();
    await sender.stop();
    const paid = await summary(member);
    expect(paid.lastStatement!.status).toBe('paid');
    expect(paid.balanceCents).toBe(-2_500);

    // A newer statement replaces this one: paying the old one is refused, with its reason.
    now = new Date('2025-12-02T15:00:00Z');
    await db().transaction((tx) => catchUpStatements(tx, household.id, now));
    const [, november] = await statementRows(db(), household.id);
    expect(november!.previousBalanceCents).toBe(-2_500);
    expect(november!.amountDueCents).toBe(november!.chargesCents - 2_500);
    const stale = await pay(member, { amountCents: 100, paymentMethodId: cardId, statementId: october!.id });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain('A newer statement carries this one’s balance. Pay the latest statement.');

    // November's statement shows October's payments as received, its previous balance gross.
    const detail = statementDetailSchema.parse(await (await call(member, 'GET', `/api/billing/statements/${november!.id}`)).json());
    expect(detail.payments.map((p) => p.amountCents).sort((a, b) => a - b)).toEqual([500, 1_000, over].sort((a, b) => a - b));
    expect(detail.previousBalanceCents).toBe(october!.amountDueCents);
    expect(detail.previousBalanceCents - (1_000 + 500 + over) + detail.chargesCents).toBe(detail.amountDueCents);
    const history = (await summary(member)).history;
    expect(history.map((s) => s.status)).toEqual([november!.amountDueCents > 0 ? 'due' : 'nothing_due', 'paid']);
    now = new Date('2025-11-05T15:00:00Z');
  });
});
