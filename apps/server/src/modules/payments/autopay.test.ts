import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { autopayJobHandlers } from '../../jobs/autopay-jobs';
import { startDurableWorker } from '../../jobs/durable-worker';
import { createLogger } from '../../lib/logger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, type Member } from '../../test/test-session';
import { scheduleAutopaySweep } from './autopay.service';
import { createSandboxProcessor } from './sandbox-processor';
import { addCard, count, memberWithStatement, statementRows, webhookSender } from './payments.test-helper';

/*
 * Auto-pay against October statements due on November 15, 2025 (Toronto). The sweep runs once
 * an hour, so each test starts at a later hour of the due date.
 */

const DAY = 86_400_000;
let now = new Date('2025-11-15T15:00:00Z');
const clock = () => now;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const call = (who: Member, method: string, path: string, body?: unknown) =>
  t.app.request(path, { method, headers: asMember(who), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const db = () => t.database.db;

async function runJobs() {
  const worker = startDurableWorker({
    db: db(),
    handlers: autopayJobHandlers({ processor: createSandboxProcessor({ webhookSecret: t.config.payments.sandboxWebhookSecret }), mailer: t.accounts.mailer, publicUrl: t.config.publicUrl }),
    logger: createLogger({ level: 'silent' }),
    clock,
  });
  await scheduleAutopaySweep(db(), now);
  // The sweep schedules the charges it finds; a second pass runs them, as the worker's next poll would.
  while ((await worker.runDue()) > 0);
  await worker.stop();
}

const paymentsOf = async (householdId: string) =>
  rowsOf<{ amountCents: number; status: string }>(await db().execute(sql`select amount_cents as "amountCents", status from payments where household_id = ${householdId}::uuid order by created_at`));
const failureEmails = (member: Member) => count(db(), 'email_outbox', sql`kind = 'autopay-failed' and "to" = ${member.email}`);

describe('auto-pay', () => {
  it('the toggle persists; on the due date the default card is charged what is owed, once', async () => {
    now = new Date('2025-11-05T15:00:00Z');
    const { member, household } = await memberWithStatement(t, now);
    now = new Date('2025-11-15T15:00:00Z');
    expect(await (await call(member, 'GET', '/api/billing/autopay')).json()).toEqual({ enabled: false });
    expect((await call(member, 'PUT', '/api/billing/autopay', { enabled: 'yes' })).status).toBe(400);
    expect((await call(member, 'PUT', '/api/billing/autopay', { enabled: true })).status).toBe(200);
    expect(await (await call(member, 'GET', '/api/billing/autopay')).json()).toEqual({ enabled: true });
    await addCard(t, member, '5555555555554444');
    await addCard(t, member, '4242424242424242');
    const [october] = await statementRows(db(), household.id);

    await runJobs();
    expect(await paymentsOf(household.id)).toEqual([{ amountCents: october!.amountDueCents, status: 'pending' }]);
    const sender = webhookSender(t, clock);
    await sender.deliverDue();
    await sender.stop();
    now = new Date(now.getTime() + 2 * 3_600_000);
    await runJobs();
    expect(await paymentsOf(household.id)).toEqual([{ amountCents: october!.amountDueCents, status: 'succeeded' }]);
    const summary = (await (await call(member, 'GET', '/api/billing/summary')).json()) as { balanceCents: number; lastStatement: { status: string } };
    expect(summary).toMatchObject({ balanceCents: 0, lastStatement: { status: 'paid' } });
  });

  it('a declined charge emails the member and is tried again after 1 and 3 days; turning auto-pay off stops the next try', async () => {
    now = new Date('2025-11-05T15:00:00Z');
    const { member, household } = await memberWithStatement(t, now);
    now = new Date('2025-11-15T18:00:00Z');
    const first = now.getTime();
    await addCard(t, member, '4000000000009995');
    await call(member, 'PUT', '/api/billing/autopay', { enabled: true });

    await runJobs();
    expect(await failureEmails(member)).toBe(1);
    const [mail] = rowsOf<{ subject: string; text: string }>(await db().execute(sql`select subject, text from email_outbox where kind = 'autopay-failed' and "to" = ${member.email}`));
    expect(mail!.text).toContain('insufficient funds');
    expect(mail!.text).toContain('November 16, 2025');

    now = new Date(first + DAY - 60_000);
    await runJobs();
    expect(await failureEmails(member)).toBe(1);
    now = new Date(first + DAY);
    await runJobs();
    expect(await failureEmails(member)).toBe(2);

    // Off: the third try (3 days after the first) is cancelled and, if it ran anyway, would do nothing.
    await call(member, 'PUT', '/api/billing/autopay', { enabled: false });
    now = new Date(first + 3 * DAY);
    await runJobs();
    expect(await failureEmails(member)).toBe(2);
    expect(await paymentsOf(household.id)).toEqual([]);
    const [third] = rowsOf<{ status: string }>(await db().execute(sql`select status from durable_jobs where key like ${`autopay:${household.id}:%:3`}`));
    expect(third!.status).toBe('cancelled');
  });

  it('after three declines it stops trying; a member without auto-pay is never charged', async () => {
    now = new Date('2025-11-05T15:00:00Z');
    const declined = await memberWithStatement(t, now);
    const off = await memberWithStatement(t, now);
    await addCard(t, declined.member, '4000000000000069');
    await addCard(t, off.member, '4242424242424242');
    await call(declined.member, 'PUT', '/api/billing/autopay', { enabled: true });
    now = new Date('2025-11-15T20:00:00Z');
    const first = now.getTime();
    for (const at of [first, first + DAY, first + 3 * DAY, first + 10 * DAY]) {
      now = new Date(at);
      await runJobs();
    }
    expect(await failureEmails(declined.member)).toBe(3);
    const [last] = rowsOf<{ text: string }>(await db().execute(sql`select text from email_outbox where kind = 'autopay-failed' and "to" = ${declined.member.email} order by created_at desc limit 1`));
    expect(last!.text).toContain('We will not try again.');
    expect(await paymentsOf(off.household.id)).toEqual([]);
    expect(await paymentsOf(declined.household.id)).toEqual([]);
  });

  it('a card that needs 3-D Secure cannot be confirmed off-session: no payment, one email asking to pay now, no retry', async () => {
    now = new Date('2025-11-05T15:00:00Z');
    const { member, household } = await memberWithStatement(t, now);
    await addCard(t, member, '4000002500003155');
    await call(member, 'PUT', '/api/billing/autopay', { enabled: true });
    // A later hour than the other tests' sweeps, each keyed by its hour.
    now = new Date('2025-11-15T22:00:00Z');
    const first = now.getTime();
    for (const at of [first, first + DAY, first + 3 * DAY]) {
      now = new Date(at);
      await runJobs();
    }
    expect(await paymentsOf(household.id)).toEqual([]);
    expect(await count(db(), 'sandbox_charges', sql`token in (select processor_token from payment_methods where household_id = ${household.id}::uuid)`)).toBe(0);
    expect(await failureEmails(member)).toBe(1);
    const [mail] = rowsOf<{ text: string }>(await db().execute(sql`select text from email_outbox where kind = 'autopay-failed' and "to" = ${member.email}`));
    expect(mail!.text).toContain('your bank asks you to confirm the payment.');
    expect(mail!.text).toContain('Please use Pay now on the Billing page');
    const retries = rowsOf<{ key: string }>(await db().execute(sql`select key from durable_jobs where key like ${`autopay:${household.id}:%:2`}`));
    expect(retries).toEqual([]);
  });
});
