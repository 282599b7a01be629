import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDurableWorker } from '../../jobs/durable-worker';
import { payoutJobHandlers } from '../../jobs/payout-jobs';
import { rowsOf } from '../../db/rows';
import { createLogger } from '../../lib/logger';
import { expectLedgerInvariants } from '../../test/ledger-invariants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember } from '../../test/test-session';
import { balanceOf, fundMember } from './cash-outs.test-helper';
import { createPayoutSender } from './payout-sender';
import { recordProviderReport } from './cash-outs.service';

const SECRET = 'race-webhook-secret-0123456789';

/**
 * Races on the real database: on PostgreSQL (`node scripts/test-pg.mjs`) each request runs its
 * transaction on its own pooled connection, so these are truly parallel (decision 041).
 */
describe('cash-out races', () => {
  let t: TestApp;
  const logger = createLogger({ level: 'silent' });

  beforeAll(async () => {
    t = await createTestApp({ env: { PAYOUT_WEBHOOK_SECRET: SECRET } });
  });
  afterEach(() => expectLedgerInvariants(t.database.db));
  afterAll(() => t.close());

  it('20 parallel cash-outs with the same key: one debit, one cash-out, the same answer to all', async () => {
    const member = await createMember(t.app);
    const household = await fundMember(t.database.db, member.userId, 5_000);
    const body = JSON.stringify({ points: 1_000, email: 'payee@example.com', idempotencyKey: randomUUID() });
    const responses = await Promise.all(Array.from({ length: 20 }, () => t.app.request('/api/cash-outs', { method: 'POST', headers: asMember(member), body })));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    const ids = new Set(await Promise.all(responses.map(async (r) => ((await r.json()) as { id: string }).id)));
    expect(ids.size).toBe(1);
    expect(rowsOf(await t.database.db.execute(sql`select id from cash_outs where household_id = ${household}::uuid`))).toHaveLength(1);
    expect(await balanceOf(t.database.db, household)).toBe(4_000);
  });

  it('20 parallel cash-outs with different keys whose total exceeds the balance: never below zero', async () => {
    const member = await createMember(t.app);
    const household = await fundMember(t.database.db, member.userId, 5_000);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.request('/api/cash-outs', { method: 'POST', headers: asMember(member), body: JSON.stringify({ points: 1_000, email: 'payee@example.com', idempotencyKey: randomUUID() }) }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    expect(await balanceOf(t.database.db, household)).toBe(0);
  });

  it('a failure reported twice in parallel (callback and callback, callback and the sender): one refund', async () => {
    const member = await createMember(t.app);
    const household = await fundMember(t.database.db, member.userId, 2_000);
    const create = async () =>
      ((await (await t.app.request('/api/cash-outs', { method: 'POST', headers: asMember(member), body: JSON.stringify({ points: 1_000, email: 'payee@example.com', idempotencyKey: randomUUID() }) })).json()) as { id: string }).id;
    const first = await create();
    const second = await create();
    const worker = startDurableWorker({ db: t.database.db, handlers: payoutJobHandlers(createPayoutSender({ logger }), { mailer: t.accounts.mailer, publicUrl: t.config.publicUrl }), logger });
    await worker.runDue();
    await worker.stop();
    const report = (id: string) =>
      t.app.request('/api/payouts/callback', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` }, body: JSON.stringify({ cashOutId: id, status: 'failed', reason: 'Bounced' }) });
    const both = await Promise.all([report(first), report(first)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    // The same failure through the service directly, as a sender's result would, beside a callback.
    const mixed = await Promise.all([report(second), t.database.db.transaction((tx) => recordProviderReport(tx, { cashOutId: second, status: 'failed', reason: 'Bounced' }, new Date()))]);
    expect(mixed[0].status).toBe(200);
    const refunds = rowsOf<{ id: string; n: number }>(
      await t.database.db.execute(sql`select detail->>'cashOutId' as id, count(*)::int as n from points_transfers where kind = 'refund' group by 1 order by 1`),
    );
    expect(refunds.filter((r) => r.id === first || r.id === second).map((r) => r.n)).toEqual([1, 1]);
    expect(await balanceOf(t.database.db, household)).toBe(2_000);
  });
});
