import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_PREFERENCES_MESSAGES } from '@peakwise/contracts/billing-preferences.contract';
import { rowsOf } from '../../db/rows';
import { billReminderJobHandlers } from '../../jobs/bill-reminder-jobs';
import { startDurableWorker } from '../../jobs/durable-worker';
import { createLogger } from '../../lib/logger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { startSmtpCapture } from '../email/smtp-capture.test-helper';
import { remindersOfStatement } from './bill-reminders.repository';
import { createBillReminderSender, scheduleReminderSweep, sweepReminders } from './bill-reminders.service';

/*
 * Bill reminders end to end on the durable queue: statements are written as rows (one fixed
 * line, so they add up), the clock is moved by hand, and what went out is read from the SMTP
 * capture and the SMS outbox.
 */

type Smtp = Awaited<ReturnType<typeof startSmtpCapture>>;
const silent = createLogger({ level: 'silent' });
// Toronto is on EDT (UTC−4) from 2030-03-10: 9 AM local on March 12 (the due date, March 15, less 3 days) is 13:00 UTC.
const DUE = '2030-03-15';
const REMINDER_AT = new Date('2030-03-12T13:00:00Z');

describe('bill reminders', () => {
  let smtp: Smtp;
  let t: TestApp;
  let now = new Date('2030-03-12T12:00:00Z');
  let plain: Member;
  let off: Member;
  let texter: Member;
  const statementOf = new Map<string, string>();

  const reminderMails = (m: Member) => smtp.to(m.email).filter((mail) => mail.raw.includes('bill-reminder-'));
  const smsTo = async (phone: string) =>
    rowsOf<{ body: string; purpose: string }>(await t.database.db.execute(sql`select body, purpose from sms_outbox where "to" = ${phone} and purpose = 'bill_reminder'`));
  const worker = () =>
    startDurableWorker({ db: t.database.db, handlers: billReminderJobHandlers(createBillReminderSender({ mailer: t.accounts.mailer, channels: t.notifications })), logger: silent, clock: () => now });

  /** A statement for February owing $45.20, due March 15. */
  async function issueFebruary(m: Member): Promise<string> {
    const [h] = rowsOf<{ id: string }>(await t.database.db.execute(sql`select id from households where owner_user_id = ${m.userId}`));
    return t.database.db.transaction(async (tx) => {
      const [s] = rowsOf<{ id: string }>(
        await tx.execute(sql`
          insert into statements (household_id, period_start, period_end, billed_from, issued_at, due_date, province, time_zone,
            previous_balance_cents, charges_cents, amount_due_cents, import_kwh, export_kwh)
          values (${h!.id}::uuid, '2030-02-01', '2030-02-28', '2030-02-01', '2030-03-01T05:00:00Z', ${DUE}, 'ON', 'America/Toronto', 0, 4520, 4520, 300, 0)
          returning id`),
      );
      await tx.execute(sql`
        insert into statement_lines (statement_id, position, kind, description_key, description_params, quantity, unit, unit_price_cents, amount_cents)
        values (${s!.id}::uuid, 0, 'fixed', 'daily', '{}'::jsonb, 28, 'day', 161.43, 4520)`);
      return s!.id;
    });
  }

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ env: { SMTP_URL: smtp.url }, clock: () => now });
    plain = await createMember(t.app, { language: 'fr', name: 'Marie Tremblay' });
    off = await createMember(t.app, { language: 'en' });
    texter = await createMember(t.app, { language: 'en' });
    for (const m of [plain, off, texter]) {
      expect((await t.app.request('/api/household', { headers: asMember(m) })).status).toBe(200);
      statementOf.set(m.userId, await issueFebruary(m));
    }
    // The texter has a verified number, wants bill reminders by SMS and not by email.
    await t.database.db.execute(sql`insert into notification_phones (user_id, phone, verified_at) values (${texter.userId}, '+14165550199', now())`);
    const channels = await t.app.request('/api/notification-preferences', {
      method: 'PUT',
      headers: asMember(texter),
      body: JSON.stringify({ channels: { email: { bill_reminders: false }, sms: { bill_reminders: true } } }),
    });
    expect(channels.status).toBe(200);
    await t.accounts.mailer.settle();
    smtp.messages.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('keeps the toggle and lead days, defaults first, and refuses bad input with a message and no change', async () => {
    const get = async (m: Member) => (await t.app.request('/api/billing/preferences', { headers: asMember(m) })).json();
    expect(await get(off)).toEqual({ remindersEnabled: true, reminderLeadDays: 3 });
    for (const body of [{ reminderLeadDays: 0 }, { reminderLeadDays: 15 }, { reminderLeadDays: 2.5 }, {}, { remindersEnabled: 'no' }, { remindersEnabled: false, other: 1 }]) {
      const res = await t.app.request('/api/billing/preferences', { method: 'PUT', headers: asMember(off), body: JSON.stringify(body) });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(await res.json())).toMatch(/\w/);
    }
    const lead = await t.app.request('/api/billing/preferences', { method: 'PUT', headers: asMember(off), body: JSON.stringify({ reminderLeadDays: 20 }) });
    expect(((await lead.json()) as { error: { details: { message: string }[] } }).error.details.map((d) => d.message)).toEqual([BILLING_PREFERENCES_MESSAGES.leadDays]);
    expect(await get(off)).toEqual({ remindersEnabled: true, reminderLeadDays: 3 });
    expect(rowsOf(await t.database.db.execute(sql`select 1 from billing_preferences`))).toHaveLength(0);

    const saved = await t.app.request('/api/billing/preferences', { method: 'PUT', headers: asMember(off), body: JSON.stringify({ remindersEnabled: false }) });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ remindersEnabled: false, reminderLeadDays: 3 });
    expect(await get(off)).toEqual({ remindersEnabled: false, reminderLeadDays: 3 });
    expect(await get(plain)).toEqual({ remindersEnabled: true, reminderLeadDays: 3 });
  });

  it('sends each reminder exactly once at its hour, across a restart, on the channels the member chose; reminders off sends none', async () => {
    await scheduleReminderSweep(t.database.db, now);
    // 8 AM local: not yet.
    expect(await worker().runDue()).toBe(1);
    expect(rowsOf(await t.database.db.execute(sql`select 1 from bill_reminders`))).toHaveLength(0);

    // 9 AM local: the sweep writes the rows, then this worker dies before sending anything.
    now = REMINDER_AT;
    const first = worker();
    expect(await first.runDue()).toBe(1);
    await first.stop();
    expect(reminderMails(plain)).toHaveLength(0);
    const rows = async (m: Member) => (await remindersOfStatement(t.database.db, statementOf.get(m.userId)!)).map((r) => [r.channel, r.status]);
    expect(await rows(plain)).toEqual([['email', 'pending']]);
    expect(await rows(texter)).toEqual([['sms', 'pending']]);
    expect(await rows(off)).toEqual([]);

    // A new worker (a restart) sends each once; later workers and a repeated sweep add nothing.
    const second = worker();
    expect(await second.runDue()).toBe(2);
    await second.stop();
    expect(await worker().runDue()).toBe(0);
    expect(await t.database.db.transaction((tx) => sweepReminders(tx, now))).toBe(0);
    now = new Date(REMINDER_AT.getTime() + 3_600_000);
    expect(await worker().runDue()).toBe(1); // the next hour's sweep
    expect(await rows(plain)).toEqual([['email', 'sent']]);
    expect(await rows(texter)).toEqual([['sms', 'sent']]);

    const mails = reminderMails(plain);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/février 2030 est dû le 15\smars 2030 : 45,20\s\$/u);
    expect(reminderMails(texter)).toHaveLength(0);
    expect(reminderMails(off)).toHaveLength(0);
    const texts = await smsTo('+14165550199');
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain('$45.20');
    expect(texts[0]!.body).toContain('March 15');
  });

  it('skips a reminder whose member turned reminders off between the sweep and the send', async () => {
    const late = await createMember(t.app, { language: 'en' });
    expect((await t.app.request('/api/household', { headers: asMember(late) })).status).toBe(200);
    const statementId = await issueFebruary(late);
    expect(await t.database.db.transaction((tx) => sweepReminders(tx, now))).toBe(1);
    const res = await t.app.request('/api/billing/preferences', { method: 'PUT', headers: asMember(late), body: JSON.stringify({ remindersEnabled: false }) });
    expect(res.status).toBe(200);
    expect(await worker().runDue()).toBe(1);
    expect((await remindersOfStatement(t.database.db, statementId)).map((r) => [r.status, r.lastError])).toEqual([['skipped', 'bill reminders turned off']]);
    expect(reminderMails(late)).toHaveLength(0);
  });

  it('sends nothing once the due date has passed', async () => {
    const tardy = await createMember(t.app, { language: 'en' });
    expect((await t.app.request('/api/household', { headers: asMember(tardy) })).status).toBe(200);
    const statementId = await issueFebruary(tardy);
    now = new Date('2030-03-16T04:00:00Z'); // midnight in Toronto after the due date
    expect(await t.database.db.transaction((tx) => sweepReminders(tx, now))).toBe(0);
    expect(await remindersOfStatement(t.database.db, statementId)).toEqual([]);
  });

  it('goes out the member’s lead days before the due date, at 9 AM on their clock', async () => {
    const early = await createMember(t.app, { language: 'en' });
    expect((await t.app.request('/api/household', { headers: asMember(early) })).status).toBe(200);
    const statementId = await issueFebruary(early);
    expect((await t.app.request('/api/billing/preferences', { method: 'PUT', headers: asMember(early), body: JSON.stringify({ reminderLeadDays: 7 }) })).status).toBe(200);
    // March 8, 2030 is before the change to daylight time: Toronto is UTC−5, so 9 AM is 14:00 UTC.
    now = new Date('2030-03-08T13:59:00Z');
    expect(await t.database.db.transaction((tx) => sweepReminders(tx, now))).toBe(0);
    now = new Date('2030-03-08T14:00:00Z');
    expect(await t.database.db.transaction((tx) => sweepReminders(tx, now))).toBe(1);
    // The send, and the 14:00 sweep the 13:59 one scheduled (which finds nothing new).
    expect(await worker().runDue()).toBe(2);
    expect((await remindersOfStatement(t.database.db, statementId)).map((r) => [r.channel, r.status])).toEqual([['email', 'sent']]);
    expect(reminderMails(early)).toHaveLength(1);
  });

  it('does not remind a statement paid in full, and still reminds one paid in part', async () => {
    const payer = await createMember(t.app, { language: 'en' });
    const partial = await createMember(t.app, { language: 'en' });
    const paidIn = async (m: Member, cents: number) => {
      const statementId = await issueFebruary(m);
      await t.database.db.execute(sql`
        insert into payments (household_id, statement_id, amount_cents, processor, status, idempotency_key, card_brand, card_last4, succeeded_at)
        select s.household_id, s.id, ${cents}, 'sandbox', 'succeeded', ${`test-${m.userId}`}, 'visa', '4242', now() from statements s where s.id = ${statementId}::uuid`);
      return statementId;
    };
    const paidStatement = await paidIn(payer, 4520);
    const partlyPaidStatement = await paidIn(partial, 2000);
    now = REMINDER_AT;
    await t.database.db.transaction((tx) => sweepReminders(tx, now));
    expect(await remindersOfStatement(t.database.db, paidStatement)).toEqual([]);
    expect((await remindersOfStatement(t.database.db, partlyPaidStatement)).map((r) => r.channel)).toEqual(['email']);
  });
});
