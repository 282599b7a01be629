import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDurableWorker } from '../../jobs/durable-worker';
import { payoutJobHandlers } from '../../jobs/payout-jobs';
import { rowsOf } from '../../db/rows';
import { createLogger } from '../../lib/logger';
import { expectLedgerInvariants } from '../../test/ledger-invariants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { setOperator } from '../auth/user-role.repository';
import { balanceOf, countRows, fundMember } from './cash-outs.test-helper';
import { createPayoutSender } from './payout-sender';

const REVIEW_ABOVE = 5_000;

describe('cash-outs API (outbox adapter)', () => {
  let t: TestApp;
  let operator: Member;
  const now = new Date();
  const logger = createLogger({ level: 'silent' });

  beforeAll(async () => {
    t = await createTestApp({ env: { CASH_OUT_REVIEW_ABOVE_POINTS: String(REVIEW_ABOVE) }, clock: () => now });
    operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
  });
  afterEach(() => expectLedgerInvariants(t.database.db));
  afterAll(() => t.close());

  const call = (who: Member | null, method: string, path: string, body?: unknown) =>
    t.app.request(path, { method, headers: who ? asMember(who) : { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const worker = () => startDurableWorker({ db: t.database.db, handlers: payoutJobHandlers(createPayoutSender({ logger }), { mailer: t.accounts.mailer, publicUrl: t.config.publicUrl }), logger, clock: () => now });
  const runJobs = async () => {
    const w = worker();
    await w.runDue();
    await w.stop();
  };
  const snapshot = async () => ({
    cashOuts: await countRows(t.database.db, 'cash_outs'),
    transfers: await countRows(t.database.db, 'points_transfers'),
    jobs: await countRows(t.database.db, 'durable_jobs'),
  });

  it('states the rules before the member confirms', async () => {
    const member = await createMember(t.app);
    const res = await call(member, 'GET', '/api/cash-outs/rules');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ minimumPoints: 1000, reviewAbovePoints: REVIEW_ABOVE, pointsPerDollar: 100, sentWithinMinutes: 5, reviewWithinBusinessDays: 1 });
    expect((await call(null, 'GET', '/api/cash-outs/rules')).status).toBe(401);
  });

  it('refuses bad input with its message and changes nothing', async () => {
    const member = await createMember(t.app);
    const household = await fundMember(t.database.db, member.userId, 1_500);
    const before = await snapshot();
    const key = () => randomUUID();
    const cases: [unknown, number, string][] = [
      [{ points: 999, email: 'me@example.com', idempotencyKey: key() }, 400, 'The minimum cash-out is 1,000 points ($10.00).'],
      [{ points: 1000.5, email: 'me@example.com', idempotencyKey: key() }, 400, 'Cash out a whole number of points.'],
      [{ points: '1000', email: 'me@example.com', idempotencyKey: key() }, 400, 'Cash out a whole number of points.'],
      [{ points: 1000, email: 'not-an-email', idempotencyKey: key() }, 400, 'Enter the email address you use for Interac e-Transfer.'],
      [{ points: 1000, email: 'me@example.com' }, 400, 'The request needs an idempotency key of 8 to 100 letters, digits, dashes or underscores.'],
      [{ points: 1600, email: 'me@example.com', idempotencyKey: key() }, 409, 'You do not have enough points for this.'],
      [{ points: 3_000_000_000, email: 'me@example.com', idempotencyKey: key() }, 400, 'You do not have enough points for this.'],
      [{ points: 1000, email: `${'a'.repeat(250)}@example.com`, idempotencyKey: key() }, 400, 'Enter the email address you use for Interac e-Transfer.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await call(member, 'POST', '/api/cash-outs', body);
      expect(res.status, message).toBe(status);
      expect(JSON.stringify(await res.json()), message).toContain(message);
    }
    expect(await snapshot()).toEqual(before);
    expect(await balanceOf(t.database.db, household)).toBe(1_500);
  });

  it('one debit per key; pending, then sent by the durable job through the outbox', async () => {
    const member = await createMember(t.app);
    const household = await fundMember(t.database.db, member.userId, 3_000);
    const body = { points: 1_200, email: ' Me.Payee@Example.com ', idempotencyKey: `k-${randomUUID()}` };
    const first = await call(member, 'POST', '/api/cash-outs', body);
    expect(first.status).toBe(201);
    const created = (await first.json()) as { id: string; status: string; valueCents: number; email: string };
    expect(created).toMatchObject({ status: 'pending', valueCents: 1_200, email: 'Me.Payee@Example.com' });
    const again = await call(member, 'POST', '/api/cash-outs', body);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { id: string }).id).toBe(created.id);
    expect(await balanceOf(t.database.db, household)).toBe(1_800);
    // The same key with another body is a mistake, not a retry: refused, and nothing moves.
    for (const changed of [{ ...body, points: 1_300 }, { ...body, email: 'someone.else@example.com' }]) {
      const reused = await call(member, 'POST', '/api/cash-outs', changed);
      expect(reused.status).toBe(409);
      expect(await reused.json()).toMatchObject({ error: { code: 'idempotency_key_reused', message: 'This idempotency key was already used for a different cash-out.' } });
    }
    expect(await balanceOf(t.database.db, household)).toBe(1_800);

    await runJobs();
    await runJobs();
    const list = (await (await call(member, 'GET', '/api/cash-outs')).json()) as { id: string; status: string; sentAt: string | null }[];
    expect(list).toEqual([expect.objectContaining({ id: created.id, status: 'sent' })]);
    expect(list[0]!.sentAt).not.toBeNull();
    const outbox = rowsOf(await t.database.db.execute(sql`select email, amount_cents, idempotency_key from payout_outbox where cash_out_id = ${created.id}::uuid`));
    expect(outbox).toEqual([{ email: 'Me.Payee@Example.com', amount_cents: 1_200, idempotency_key: `cash-out:${created.id}` }]);
    expect(await balanceOf(t.database.db, household)).toBe(1_800);
    // Another member's list never shows it.
    const other = await createMember(t.app);
    expect(await (await call(other, 'GET', '/api/cash-outs')).json()).toEqual([]);
  });

  it('above the threshold: held until an operator approves it, then sent', async () => {
    const member = await createMember(t.app);
    const household = await fundMember(t.database.db, member.userId, 8_000);
    const res = await call(member, 'POST', '/api/cash-outs', { points: 6_000, email: 'payee@example.com', idempotencyKey: randomUUID() });
    expect(res.status).toBe(201);
    const { id, status } = (await res.json()) as { id: string; status: string };
    expect(status).toBe('held');
    await runJobs();
    expect(rowsOf(await t.database.db.execute(sql`select status from cash_outs where id = ${id}::uuid`))).toEqual([{ status: 'held' }]);

    const queue = (await (await call(operator, 'GET', '/api/ops/cash-outs?status=held')).json()) as { id: string; memberEmail: string }[];
    expect(queue).toContainEqual(expect.objectContaining({ id, memberEmail: member.email }));
    const approved = await call(operator, 'POST', `/api/ops/cash-outs/${id}/approve`);
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ status: 'pending' });
    expect((await call(operator, 'POST', `/api/ops/cash-outs/${id}/approve`)).status).toBe(409);
    await runJobs();
    const [row] = rowsOf<{ status: string; reviewed_by: string }>(await t.database.db.execute(sql`select status, reviewed_by from cash_outs where id = ${id}::uuid`));
    expect(row).toEqual({ status: 'sent', reviewed_by: operator.userId });
    expect(await balanceOf(t.database.db, household)).toBe(2_000);
  });

  it('a rejected cash-out returns its points once, with the reason, in activity', async () => {
    const member = await createMember(t.app);
    const household = await fundMember(t.database.db, member.userId, 7_000);
    const { id } = (await (await call(member, 'POST', '/api/cash-outs', { points: 7_000, email: 'payee@example.com', idempotencyKey: randomUUID() })).json()) as { id: string };
    expect(await balanceOf(t.database.db, household)).toBe(0);
    expect((await call(operator, 'POST', `/api/ops/cash-outs/${id}/reject`, { reason: ' ' })).status).toBe(400);
    const rejected = await call(operator, 'POST', `/api/ops/cash-outs/${id}/reject`, { reason: 'The e-Transfer address does not match the account holder.' });
    expect(rejected.status).toBe(200);
    expect(await rejected.json()).toMatchObject({ status: 'failed', failureReason: 'The e-Transfer address does not match the account holder.' });
    expect((await call(operator, 'POST', `/api/ops/cash-outs/${id}/reject`, { reason: 'again, twice' })).status).toBe(409);
    expect(await balanceOf(t.database.db, household)).toBe(7_000);
    const points = (await (await call(member, 'GET', '/api/points')).json()) as { activity: { kind: string; amount: number; balanceAfter: number; cashOutId: string | null; reason: string | null }[] };
    expect(points.activity.slice(0, 2)).toEqual([
      expect.objectContaining({ kind: 'refund', amount: 7_000, balanceAfter: 7_000, cashOutId: id, reason: 'The e-Transfer address does not match the account holder.' }),
      expect.objectContaining({ kind: 'cash_out', amount: -7_000, balanceAfter: 0, cashOutId: id }),
    ]);
  });

  it('the ops queue: 401 anonymous, 404 for a member, 200 for an operator', async () => {
    const member = await createMember(t.app);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/ops/cash-outs'],
      ['POST', `/api/ops/cash-outs/${unknown}/approve`],
      ['POST', `/api/ops/cash-outs/${unknown}/reject`, { reason: 'not allowed' }],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(null, method, path, body)).status, `anonymous ${method} ${path}`).toBe(401);
      const res = await call(member, method, path, body);
      expect(res.status, `member ${method} ${path}`).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    }
    expect((await call(operator, 'GET', '/api/ops/cash-outs')).status).toBe(200);
    expect((await call(operator, 'POST', `/api/ops/cash-outs/${unknown}/approve`)).status).toBe(404);
  });

  it('the database refuses a cash-out moving backwards or changing its amount', async () => {
    const member = await createMember(t.app);
    await fundMember(t.database.db, member.userId, 2_000);
    const { id } = (await (await call(member, 'POST', '/api/cash-outs', { points: 1_000, email: 'payee@example.com', idempotencyKey: randomUUID() })).json()) as { id: string };
    await runJobs();
    await expect(t.database.db.execute(sql`update cash_outs set status = 'pending', sent_at = null where id = ${id}::uuid`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`update cash_outs set points = 5000 where id = ${id}::uuid`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from cash_outs where id = ${id}::uuid`)).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`update cash_outs set status = 'failed', failure_reason = 'x', failed_at = now() where id = ${id}::uuid`),
    ).rejects.toThrow();
  });
});
