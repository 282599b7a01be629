import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
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
import { PAYOUT_MAX_ATTEMPTS, PROVIDER_UNREACHABLE } from './cash-outs.service';
import { createPayoutSender } from './payout-sender';

const TOKEN = 'payout-token-123456';
const SECRET = 'payout-webhook-secret-0123456789';

type Seen = { headers: IncomingHttpHeaders; body: { email: string; amountCents: number; currency: string; reference: string } };

describe('cash-outs through an HTTP payout provider, and its callback', () => {
  let t: TestApp;
  let provider: Server;
  let url: string;
  const seen: Seen[] = [];
  /** What the provider answers next, by the reference (cash-out id); default 201 with an id. */
  const answers = new Map<string, { status: number; body: unknown }[]>();
  let now = new Date();
  const logger = createLogger({ level: 'silent' });

  beforeAll(async () => {
    provider = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw) as Seen['body'];
        seen.push({ headers: req.headers, body });
        const next = answers.get(body.reference)?.shift() ?? { status: 201, body: { id: `tx-${body.reference.slice(0, 8)}` } };
        res.writeHead(next.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(next.body));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/payouts`;
    t = await createTestApp({ env: { PAYOUT_PROVIDER_URL: url, PAYOUT_PROVIDER_TOKEN: TOKEN, PAYOUT_WEBHOOK_SECRET: SECRET }, clock: () => now });
  });
  afterEach(() => expectLedgerInvariants(t.database.db));
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => provider.close(resolve));
  });

  const sender = () => createPayoutSender({ providerUrl: t.config.payouts.providerUrl, providerToken: t.config.payouts.providerToken, logger });
  const runJobs = async () => {
    const w = startDurableWorker({ db: t.database.db, handlers: payoutJobHandlers(sender(), { mailer: t.accounts.mailer, publicUrl: t.config.publicUrl }), logger, clock: () => now });
    await w.runDue();
    await w.stop();
  };
  const cashOut = async (member: Member, points: number) => {
    const res = await t.app.request('/api/cash-outs', { method: 'POST', headers: asMember(member), body: JSON.stringify({ points, email: 'payee@example.com', idempotencyKey: randomUUID() }) });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const callback = (body: unknown, secret = SECRET) =>
    t.app.request('/api/payouts/callback', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` }, body: JSON.stringify(body) });
  const row = async (id: string) =>
    rowsOf<{ status: string; failure_reason: string | null; provider_id: string | null }>(await t.database.db.execute(sql`select status, failure_reason, provider_id from cash_outs where id = ${id}::uuid`))[0]!;
  const refunds = async (id: string) => rowsOf(await t.database.db.execute(sql`select 1 from points_transfers where kind = 'refund' and detail->>'cashOutId' = ${id}`)).length;

  it('POSTs the payout with its token and idempotency key; a 2xx is sent', async () => {
    const member = await createMember(t.app);
    const household = await fundMember(t.database.db, member.userId, 2_500);
    const id = await cashOut(member, 2_000);
    await runJobs();
    const mine = seen.filter((s) => s.body.reference === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(mine[0]!.headers['idempotency-key']).toBe(`cash-out:${id}`);
    expect(mine[0]!.body).toEqual({ email: 'payee@example.com', amountCents: 2_000, currency: 'CAD', reference: id });
    expect(await row(id)).toEqual({ status: 'sent', failure_reason: null, provider_id: `tx-${id.slice(0, 8)}` });
    expect(await balanceOf(t.database.db, household)).toBe(500);
  });

  it('a 503 is retried later with the same key; a refusal (4xx) fails it and refunds once with the reason', async () => {
    const member = await createMember(t.app);
    const household = await fundMember(t.database.db, member.userId, 3_000);
    const id = await cashOut(member, 3_000);
    answers.set(id, [
      { status: 503, body: { error: 'busy' } },
      { status: 422, body: { reason: 'The recipient’s bank declined the e-Transfer.' } },
    ]);
    await runJobs();
    expect((await row(id)).status).toBe('pending');
    expect(await balanceOf(t.database.db, household)).toBe(0);
    now = new Date(now.getTime() + 2 * 60_000);
    await runJobs();
    const mine = seen.filter((s) => s.body.reference === id);
    expect(mine.map((s) => s.headers['idempotency-key'])).toEqual([`cash-out:${id}`, `cash-out:${id}`]);
    expect(await row(id)).toMatchObject({ status: 'failed', failure_reason: 'The recipient’s bank declined the e-Transfer.' });
    expect(await balanceOf(t.database.db, household)).toBe(3_000);
    // The provider then reports the same failure by callback, twice: nothing more comes back.
    for (let i = 0; i < 2; i++) {
      const res = await callback({ cashOutId: id, status: 'failed', reason: 'declined' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'failed' });
    }
    expect(await refunds(id)).toBe(1);
    expect(await balanceOf(t.database.db, household)).toBe(3_000);
  });

  it('a provider unreachable through every try: the points come back with that reason', async () => {
    const member = await createMember(t.app);
    const household = await fundMember(t.database.db, member.userId, 1_000);
    const id = await cashOut(member, 1_000);
    answers.set(id, Array.from({ length: PAYOUT_MAX_ATTEMPTS }, () => ({ status: 500, body: {} })));
    for (let i = 0; i < PAYOUT_MAX_ATTEMPTS; i++) {
      await runJobs();
      now = new Date(now.getTime() + 2 * 3_600_000);
    }
    expect(await row(id)).toMatchObject({ status: 'failed', failure_reason: PROVIDER_UNREACHABLE });
    expect(await balanceOf(t.database.db, household)).toBe(1_000);
  });

  it('a sent transfer that bounces later is refunded once, even reported twice at the same time', async () => {
    const member = await createMember(t.app);
    const household = await fundMember(t.database.db, member.userId, 1_500);
    const id = await cashOut(member, 1_500);
    await runJobs();
    expect((await row(id)).status).toBe('sent');
    const reports = await Promise.all([1, 2].map(() => callback({ cashOutId: id, status: 'failed', reason: 'The e-Transfer expired unclaimed.' })));
    expect(reports.map((r) => r.status)).toEqual([200, 200]);
    expect(await row(id)).toMatchObject({ status: 'failed', failure_reason: 'The e-Transfer expired unclaimed.' });
    expect(await refunds(id)).toBe(1);
    expect(await balanceOf(t.database.db, household)).toBe(1_500);
  });

  it('the callback needs the secret and a known cash-out, and changes nothing otherwise', async () => {
    const member = await createMember(t.app);
    await fundMember(t.database.db, member.userId, 1_000);
    const id = await cashOut(member, 1_000);
    expect((await callback({ cashOutId: id, status: 'failed' }, 'wrong-secret-0123456789abcdef00')).status).toBe(401);
    expect((await t.app.request('/api/payouts/callback', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(401);
    expect((await callback({ cashOutId: randomUUID(), status: 'failed' })).status).toBe(404);
    expect((await callback({ cashOutId: 'nope', status: 'failed' })).status).toBe(400);
    expect((await row(id)).status).toBe('pending');
    expect(await refunds(id)).toBe(0);
  });
});
