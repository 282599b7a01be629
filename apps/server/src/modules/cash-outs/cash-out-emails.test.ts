import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDurableWorker } from '../../jobs/durable-worker';
import { payoutJobHandlers } from '../../jobs/payout-jobs';
import { rowsOf } from '../../db/rows';
import { createLogger } from '../../lib/logger';
import { expectLedgerInvariants } from '../../test/ledger-invariants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { balanceOf, fundMember } from './cash-outs.test-helper';
import { createPayoutSender } from './payout-sender';

const SECRET = 'payout-webhook-secret-emails-0123456789';

type Email = { to: string; kind: string; language: string; subject: string; text: string };

describe('the member is emailed when a cash-out is sent and when it fails', () => {
  let t: TestApp;
  let provider: Server;
  /** The provider's answer by cash-out id; 201 unless set. */
  const answers = new Map<string, { status: number; body: unknown }>();
  let now = new Date();
  const logger = createLogger({ level: 'silent' });

  beforeAll(async () => {
    provider = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const { reference } = JSON.parse(raw) as { reference: string };
        const next = answers.get(reference) ?? { status: 201, body: { id: `tx-${reference.slice(0, 8)}` } };
        res.writeHead(next.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(next.body));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/payouts`;
    t = await createTestApp({ env: { PAYOUT_PROVIDER_URL: url, PAYOUT_PROVIDER_TOKEN: 'payout-token-emails', PAYOUT_WEBHOOK_SECRET: SECRET }, clock: () => now });
  });
  afterEach(() => expectLedgerInvariants(t.database.db));
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => provider.close(resolve));
  });

  const runJobs = async () => {
    const sender = createPayoutSender({ providerUrl: t.config.payouts.providerUrl, providerToken: t.config.payouts.providerToken, logger });
    const w = startDurableWorker({ db: t.database.db, handlers: payoutJobHandlers(sender, { mailer: t.accounts.mailer, publicUrl: t.config.publicUrl }), logger, clock: () => now });
    await w.runDue();
    await w.stop();
  };
  const cashOut = async (member: Member, points: number) => {
    const res = await t.app.request('/api/cash-outs', { method: 'POST', headers: asMember(member), body: JSON.stringify({ points, email: 'payee@example.com', idempotencyKey: randomUUID() }) });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const callback = (body: unknown) =>
    t.app.request('/api/payouts/callback', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` }, body: JSON.stringify(body) });
  const emailsTo = async (member: Member) =>
    rowsOf<Email>(await t.database.db.execute(sql`select "to", kind, language, subject, text from email_outbox where "to" = ${member.email} and kind like 'cash-out-%' order by created_at, id`));

  it('sent: one email in the member’s language, however often the job and the provider repeat it', async () => {
    const member = await createMember(t.app, { language: 'fr' });
    await fundMember(t.database.db, member.userId, 2_500);
    const id = await cashOut(member, 2_000);
    expect(await emailsTo(member)).toEqual([]);
    await runJobs();
    await runJobs();
    // The provider confirms by callback, twice, after the sender already marked it sent.
    for (let i = 0; i < 2; i++) expect((await callback({ cashOutId: id, status: 'sent' })).status).toBe(200);
    await runJobs();
    const emails = await emailsTo(member);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ kind: 'cash-out-sent', language: 'fr' });
    // 2,000 points are $20.00, written the French-Canadian way.
    expect(emails[0]!.subject).toBe('Votre encaissement de 20,00\u00a0$ est en route');
    expect(emails[0]!.text).toContain('payee@example.com');
  });

  it('failed twice at the same time: one refund and one email, with the reason and the points back', async () => {
    const member = await createMember(t.app, { language: 'es' });
    const household = await fundMember(t.database.db, member.userId, 1_500);
    const id = await cashOut(member, 1_500);
    await runJobs(); // sent
    await runJobs(); // its email
    const reason = 'The e-Transfer expired unclaimed.';
    const reports = await Promise.all([1, 2].map(() => callback({ cashOutId: id, status: 'failed', reason })));
    expect(reports.map((r) => r.status)).toEqual([200, 200]);
    await runJobs();
    expect((await callback({ cashOutId: id, status: 'failed', reason })).status).toBe(200);
    await runJobs();
    expect(await balanceOf(t.database.db, household)).toBe(1_500);
    const emails = await emailsTo(member);
    expect(emails.map((e) => e.kind)).toEqual(['cash-out-sent', 'cash-out-failed']);
    const failed = emails[1]!;
    expect(failed.language).toBe('es');
    expect(failed.subject).toBe('No pudimos enviar tu retiro de 15,00\u00a0$');
    expect(failed.text).toContain(`no se completó: ${reason}`);
    expect(failed.text).toContain('Los 1500 puntos volvieron a tu saldo.');
  });

  it('a failure reported before the “sent” email went out: only the failure is told', async () => {
    const member = await createMember(t.app);
    await fundMember(t.database.db, member.userId, 1_000);
    const id = await cashOut(member, 1_000);
    await runJobs(); // sent; its email waits for the next run
    expect((await callback({ cashOutId: id, status: 'failed', reason: 'Declined by the bank.' })).status).toBe(200);
    await runJobs();
    await runJobs();
    expect((await emailsTo(member)).map((e) => e.kind)).toEqual(['cash-out-failed']);
  });

  it('refused by the provider in English: the email carries the provider’s reason', async () => {
    const member = await createMember(t.app);
    await fundMember(t.database.db, member.userId, 1_000);
    const id = await cashOut(member, 1_000);
    answers.set(id, { status: 422, body: { reason: 'The recipient’s bank declined the e-Transfer.' } });
    await runJobs();
    now = new Date(now.getTime() + 60_000);
    await runJobs();
    const emails = await emailsTo(member);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ kind: 'cash-out-failed', language: 'en', subject: 'Your $10.00 cash-out could not be sent' });
    expect(emails[0]!.text).toContain('did not go through: The recipient’s bank declined the e-Transfer.');
    expect(emails[0]!.text).toContain('The 1,000 points are back in your balance.');
  });
});
