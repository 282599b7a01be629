import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingSummarySchema, statementDetailSchema } from '@peakwise/contracts/billing.contract';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, type Member } from '../../test/test-session';
import type { Household } from '../households/household.repository';
import { addCard, memberWithStatement, statementRows, webhookSender } from '../payments/payments.test-helper';
import { SIGNATURE_HEADER, signPayload } from '../payments/webhook-signature';
import { catchUpStatements } from './statements.service';

/*
 * A payment still pending when the next statement is issued (decision 056): carried into that
 * statement's balance once, moved to "received" when it succeeds, added back on the statement
 * after if it fails. Expected cents are worked by hand from the helper's readings: 6 kWh a day at
 * local noon on Ontario time-of-use.
 *
 * October 2025 (summer hours, noon is on-peak on a weekday): 22 weekdays × 6 kWh = 132 kWh at
 * 15.8 ¢ = 2,085.6 → 2,086; 9 weekend days and Thanksgiving × 6 = 54 kWh at 7.6 ¢ = 410.4 → 410;
 * subtotal 2,496; rebate 13.1 % = 326.976 → −327; HST 13 % = 324.48 → 324; total 2,493.
 * November 2025 (winter hours, noon is mid-peak on a weekday): 20 weekdays × 6 = 120 kWh at
 * 15.7 ¢ = 1,884; 10 weekend days × 6 = 60 kWh at 9.8 ¢ = 588; subtotal 2,472; rebate 23.5 % =
 * 580.92 → −581; HST 13 % = 321.36 → 321; total 2,212.
 */
const OCTOBER = 2_493;
const NOVEMBER = 2_212;

let now = new Date('2025-11-05T15:00:00Z');
const clock = () => now;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const db = () => t.database.db;
const call = (who: Member, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.app.request(path, { method, headers: asMember(who, headers), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const summary = async (who: Member) => billingSummarySchema.parse(await (await call(who, 'GET', '/api/billing/summary')).json());
const detail = async (who: Member, id: string) => statementDetailSchema.parse(await (await call(who, 'GET', `/api/billing/statements/${id}`)).json());
const issue = async (household: Household, at: string) => {
  now = new Date(at);
  await db().transaction((tx) => catchUpStatements(tx, household.id, now));
};

/** Pays through Pay now and leaves the payment pending (the webhook is not delivered). */
async function payPending(member: Member, cardId: string, amountCents: number): Promise<string> {
  const res = await call(member, 'POST', '/api/billing/payments', { amountCents, paymentMethodId: cardId }, { 'idempotency-key': randomUUID() });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The processor's signed event for a payment, as the sandbox would send it. */
async function processorEvent(paymentId: string, type: 'charge.succeeded' | 'charge.failed'): Promise<number> {
  const [row] = rowsOf<{ reference: string }>(await db().execute(sql`select processor_reference as reference from payments where id = ${paymentId}::uuid`));
  const body = JSON.stringify({ id: `evt_${randomUUID()}`, type, data: { reference: row!.reference } });
  const headers = { 'content-type': 'application/json', [SIGNATURE_HEADER]: signPayload(t.config.payments.sandboxWebhookSecret, body, now) };
  return (await t.app.request('/api/payments/webhook', { method: 'POST', headers, body })).status;
}

const carriedRows = async (householdId: string) =>
  rowsOf<{ paymentId: string; kind: string; statementId: string; amountCents: number; statusAtIssue: string | null }>(
    await db().execute(sql`
      select sp.payment_id as "paymentId", sp.kind, sp.statement_id as "statementId", sp.amount_cents as "amountCents", sp.status_at_issue as "statusAtIssue"
      from statement_payments sp join statements s on s.id = sp.statement_id where s.household_id = ${householdId}::uuid order by sp.created_at, sp.kind, sp.amount_cents`),
  );

describe('a payment pending when the next statement is issued', () => {
  it('is carried into it, then shown as received once it succeeds, and never counted again', async () => {
    now = new Date('2025-11-05T15:00:00Z');
    const { member, household } = await memberWithStatement(t, now);
    const [october] = await statementRows(db(), household.id);
    expect(october!.amountDueCents).toBe(OCTOBER);
    const card = await addCard(t, member, '4242424242424242');

    // $10.00 confirmed before the 1st, $20.00 still in flight at the issue.
    const confirmed = await payPending(member, card.id, 1_000);
    expect(await processorEvent(confirmed, 'charge.succeeded')).toBe(200);
    const inFlight = await payPending(member, card.id, 2_000);
    await issue(household, '2025-12-01T06:00:00Z');

    const [, november] = await statementRows(db(), household.id);
    // 2,493 − 1,000 − 2,000 = −507 carried; + 2,212 of charges = 1,705.
    expect(november).toMatchObject({ previousBalanceCents: -507, chargesCents: NOVEMBER, amountDueCents: 1_705 });
    expect((await summary(member)).balanceCents).toBe(1_705);
    let view = await detail(member, november!.id);
    expect(view.previousBalanceCents).toBe(OCTOBER);
    expect(view.payments.map((p) => p.amountCents)).toEqual([1_000]);
    expect(view.pendingPayments.map((p) => [p.amountCents, p.status])).toEqual([[2_000, 'pending']]);
    expect(view.returnedPayments).toEqual([]);

    // It succeeds after the issue: the line moves to received, and nothing else changes.
    expect(await processorEvent(inFlight, 'charge.succeeded')).toBe(200);
    view = await detail(member, november!.id);
    expect(view.payments.map((p) => p.amountCents).sort((a, b) => a - b)).toEqual([1_000, 2_000]);
    expect(view.pendingPayments).toEqual([]);
    expect(view.previousBalanceCents - 1_000 - 2_000 + view.chargesCents).toBe(view.amountDueCents);
    expect((await summary(member)).balanceCents).toBe(1_705);
    // $30.00 paid against October's $24.93: Paid; November is Due.
    expect((await summary(member)).history.map((s) => s.status)).toEqual(['due', 'paid']);

    // December: the $20.00 is not taken off a second time.
    await issue(household, '2026-01-02T06:00:00Z');
    const [, , december] = await statementRows(db(), household.id);
    expect(december!.previousBalanceCents).toBe(1_705);
    expect(await carriedRows(household.id)).toEqual([
      { paymentId: confirmed, kind: 'carried', statementId: november!.id, amountCents: 1_000, statusAtIssue: 'succeeded' },
      { paymentId: inFlight, kind: 'carried', statementId: november!.id, amountCents: 2_000, statusAtIssue: 'pending' },
    ]);
  });

  it('is added back, explained, on the statement after when it fails after the issue, once', async () => {
    now = new Date('2025-11-05T15:00:00Z');
    const { member, household } = await memberWithStatement(t, now);
    const card = await addCard(t, member, '4242424242424242');
    const inFlight = await payPending(member, card.id, 1_500);
    await issue(household, '2025-12-01T06:00:00Z');

    const [october, november] = await statementRows(db(), household.id);
    expect(october!.amountDueCents).toBe(OCTOBER);
    // 2,493 − 1,500 = 993 carried; + 2,212 = 3,205.
    expect(november).toMatchObject({ previousBalanceCents: 993, chargesCents: NOVEMBER, amountDueCents: 3_205 });
    expect((await summary(member)).balanceCents).toBe(3_205);

    // The processor declines it after the issue: the balance shows the money owed again at once.
    now = new Date('2025-12-01T07:00:00Z');
    expect(await processorEvent(inFlight, 'charge.failed')).toBe(200);
    expect((await summary(member)).balanceCents).toBe(3_205 + 1_500);
    const view = await detail(member, november!.id);
    // November still says what it said when issued: the rows add up to its amount due.
    expect(view.previousBalanceCents).toBe(OCTOBER);
    expect(view.payments).toEqual([]);
    expect(view.pendingPayments.map((p) => [p.amountCents, p.status])).toEqual([[1_500, 'failed']]);
    expect(view.previousBalanceCents - 1_500 + view.chargesCents).toBe(view.amountDueCents);

    // December adds it back as a row of its own: 3,205 + 1,500 = 4,705.
    await issue(household, '2026-01-02T06:00:00Z');
    const [, , december] = await statementRows(db(), household.id);
    expect(december!.previousBalanceCents).toBe(4_705);
    const decemberView = await detail(member, december!.id);
    expect(decemberView.previousBalanceCents).toBe(3_205);
    expect(decemberView.returnedPayments.map((p) => p.amountCents)).toEqual([1_500]);
    expect((await summary(member)).balanceCents).toBe(december!.amountDueCents);

    // January: not added back twice.
    await issue(household, '2026-02-02T06:00:00Z');
    const [, , , january] = await statementRows(db(), household.id);
    expect(january!.previousBalanceCents).toBe(december!.amountDueCents);
    expect((await carriedRows(household.id)).map((r) => [r.kind, r.statementId, r.amountCents, r.statusAtIssue])).toEqual([
      ['carried', november!.id, 1_500, 'pending'],
      ['returned', december!.id, 1_500, null],
    ]);

    // The database keeps the rule: a payment is carried once and returned once, rows are never changed.
    const again = (kind: string) =>
      db().execute(sql`insert into statement_payments (payment_id, kind, statement_id, amount_cents, status_at_issue)
        values (${inFlight}::uuid, ${kind}, ${january!.id}::uuid, 1500, ${kind === 'carried' ? 'pending' : null})`);
    await expect(again('returned')).rejects.toThrow();
    await expect(db().execute(sql`update statement_payments set amount_cents = 1 where payment_id = ${inFlight}::uuid`)).rejects.toThrow();
  });

  it('refuses to add back a payment that did not fail, or one never carried while pending', async () => {
    now = new Date('2025-11-05T15:00:00Z');
    const { member, household } = await memberWithStatement(t, now);
    const card = await addCard(t, member, '4242424242424242');
    const succeeded = await payPending(member, card.id, 700);
    expect(await processorEvent(succeeded, 'charge.succeeded')).toBe(200);
    const [october] = await statementRows(db(), household.id);
    await expect(
      db().execute(sql`insert into statement_payments (payment_id, kind, statement_id, amount_cents) values (${succeeded}::uuid, 'returned', ${october!.id}::uuid, 700)`),
    ).rejects.toThrow();
    // A carry at another amount than the payment's is refused too.
    await expect(
      db().execute(
        sql`insert into statement_payments (payment_id, kind, statement_id, amount_cents, status_at_issue) values (${succeeded}::uuid, 'carried', ${october!.id}::uuid, 699, 'succeeded')`,
      ),
    ).rejects.toThrow();
    expect(await carriedRows(household.id)).toEqual([]);
    // The sender's owed webhooks are drained so nothing is left in flight.
    const sender = webhookSender(t, clock);
    await sender.deliverDue();
    await sender.stop();
  });
});
