import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { expectLedgerInvariants } from '../../test/ledger-invariants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { setOperator } from '../auth/user-role.repository';
import { ensureHouseholdForUser } from '../households/household.service';
import { payEventPoints } from './points.service';

type Entry = { id: string; entryId: string; kind: string; amount: number; balanceAfter: number; eventId: string | null; cashOutId: string | null; reason: string | null; at: string };
type Page = { balance: number; activity: Entry[]; nextCursor: string | null };

describe('points activity, CSV and the operator’s ledger', () => {
  let t: TestApp;
  let operator: Member;

  beforeAll(async () => {
    t = await createTestApp();
    operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
  });
  afterEach(() => expectLedgerInvariants(t.database.db));
  afterAll(() => t.close());

  const call = (who: Member | null, method: string, path: string, body?: unknown) =>
    t.app.request(path, { method, headers: who ? asMember(who) : { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

  /** 12 event rewards of 10, 20 … 120 points, oldest first; returns the household and the event ids in order. */
  async function memberWithHistory() {
    const member = await createMember(t.app);
    const household = await ensureHouseholdForUser(t.database.db, member.userId);
    const events: string[] = [];
    for (let i = 1; i <= 12; i++) {
      const eventId = randomUUID();
      events.push(eventId);
      await t.database.db.transaction((tx) => payEventPoints(tx, household.id, i * 10, `hist:${eventId}`, 'event_reward', { eventId }));
    }
    return { member, household: household.id, events };
  }

  it('pages newest first by cursor, each entry with the balance it left', async () => {
    const { member, events } = await memberWithHistory();
    const pages: Page[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(member, 'GET', `/api/points?limit=5${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      const page = (await res.json()) as Page;
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages.map((p) => p.activity.length)).toEqual([5, 5, 2]);
    const all = pages.flatMap((p) => p.activity);
    // By hand: the i-th reward (1-based) is 10·i and leaves 10·(1 + … + i) = 5·i·(i + 1).
    const expected = Array.from({ length: 12 }, (_, k) => 12 - k).map((i) => ({ amount: 10 * i, balanceAfter: 5 * i * (i + 1), eventId: events[i - 1] }));
    expect(all.map((a) => ({ amount: a.amount, balanceAfter: a.balanceAfter, eventId: a.eventId }))).toEqual(expected);
    expect(pages[0]!.balance).toBe(780);
    expect((await call(member, 'GET', '/api/points?cursor=abc')).status).toBe(400);
    expect((await call(member, 'GET', '/api/points?limit=0')).status).toBe(400);
  });

  it('exports the same rows as CSV, escaped', async () => {
    const { member, household } = await memberWithHistory();
    // An operator's debit whose reason needs quoting and defusing.
    const res = await call(operator, 'POST', `/api/ops/households/${household}/adjustments`, { direction: 'debit', points: 30, reason: '=cmd, "typo" fix', idempotencyKey: randomUUID() });
    expect(res.status).toBe(201);
    const csvRes = await call(member, 'GET', '/api/points/activity.csv');
    expect(csvRes.status).toBe(200);
    expect(csvRes.headers.get('content-type')).toContain('text/csv');
    expect(csvRes.headers.get('content-disposition')).toContain('attachment');
    const lines = (await csvRes.text()).split('\r\n');
    expect(lines[0]).toBe('date,kind,points,balance_after,event_id,cash_out_id,order_id,draw_id,reason,item');
    expect(lines).toHaveLength(1 + 13 + 1);
    expect(lines[1]).toMatch(/^[^,]+,adjustment,-30,750,,,,,"'=cmd, ""typo"" fix",$/);
    const page = (await (await call(member, 'GET', '/api/points?limit=100')).json()) as Page;
    expect(lines.slice(1, -1).map((l) => l.split(',').slice(0, 4).join(','))).toEqual(page.activity.map((a) => `${a.at},${a.kind},${a.amount},${a.balanceAfter}`));
  });

  it('the operator’s ledger: read-only view, audited credit and debit, never below zero', async () => {
    const { household } = await memberWithHistory();
    const ledger = (await (await call(operator, 'GET', `/api/ops/households/${household}/ledger?limit=3`)).json()) as { balance: number; activity: Entry[]; nextCursor: string | null };
    expect(ledger.balance).toBe(780);
    expect(ledger.activity.map((a) => a.balanceAfter)).toEqual([780, 660, 550]);
    expect(ledger.nextCursor).not.toBeNull();

    const key = randomUUID();
    const credit = await call(operator, 'POST', `/api/ops/households/${household}/adjustments`, { direction: 'credit', points: 220, reason: 'Missed reading on Mar 3', idempotencyKey: key });
    expect(credit.status).toBe(201);
    expect(await credit.json()).toEqual({ balance: 1_000 });
    const replay = await call(operator, 'POST', `/api/ops/households/${household}/adjustments`, { direction: 'credit', points: 220, reason: 'Missed reading on Mar 3', idempotencyKey: key });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ balance: 1_000 });
    for (const changed of [
      { direction: 'credit', points: 330, reason: 'Missed reading on Mar 3' },
      { direction: 'debit', points: 220, reason: 'Missed reading on Mar 3' },
      { direction: 'credit', points: 220, reason: 'Another reason' },
    ]) {
      const reused = await call(operator, 'POST', `/api/ops/households/${household}/adjustments`, { ...changed, idempotencyKey: key });
      expect(reused.status, JSON.stringify(changed)).toBe(409);
      expect(await reused.json()).toMatchObject({ error: { code: 'idempotency_key_reused' } });
    }

    const before = rowsOf(await t.database.db.execute(sql`select count(*)::int as n from points_transfers`));
    const refusals: [unknown, number, string][] = [
      [{ direction: 'debit', points: 1_001, reason: 'Too much', idempotencyKey: randomUUID() }, 409, 'This debit would take the member’s balance below zero.'],
      [{ direction: 'debit', points: 0, reason: 'Zero', idempotencyKey: randomUUID() }, 400, 'Adjust by a whole number of points from 1 to 1,000,000.'],
      [{ direction: 'credit', points: 1.5, reason: 'Half', idempotencyKey: randomUUID() }, 400, 'Adjust by a whole number of points from 1 to 1,000,000.'],
      [{ direction: 'credit', points: 5, reason: '  ', idempotencyKey: randomUUID() }, 400, 'Give a reason of 3 to 500 characters.'],
    ];
    for (const [body, status, message] of refusals) {
      const res = await call(operator, 'POST', `/api/ops/households/${household}/adjustments`, body);
      expect(res.status, message).toBe(status);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
    expect(rowsOf(await t.database.db.execute(sql`select count(*)::int as n from points_transfers`))).toEqual(before);
    const debit = await call(operator, 'POST', `/api/ops/households/${household}/adjustments`, { direction: 'debit', points: 1_000, reason: 'Duplicate payment', idempotencyKey: randomUUID() });
    expect(await debit.json()).toEqual({ balance: 0 });
    const audit = rowsOf(await t.database.db.execute(sql`select points, reason, operator_id from points_adjustments where household_id = ${household}::uuid order by created_at, points`));
    expect(audit).toEqual(
      expect.arrayContaining([
        { points: 220, reason: 'Missed reading on Mar 3', operator_id: operator.userId },
        { points: -1_000, reason: 'Duplicate payment', operator_id: operator.userId },
      ]),
    );
    expect(audit).toHaveLength(2);
    await expect(t.database.db.execute(sql`update points_adjustments set reason = 'edited' where household_id = ${household}::uuid`)).rejects.toThrow();
    expect((await call(operator, 'GET', `/api/ops/households/${randomUUID()}/ledger`)).status).toBe(404);
  });

  it('the ledger pages: 401 anonymous, 404 for a member, 200 for an operator', async () => {
    const { member, household } = await memberWithHistory();
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/ops/members?email=${encodeURIComponent(member.email)}`],
      ['GET', `/api/ops/households/${household}/ledger`],
      ['POST', `/api/ops/households/${household}/adjustments`, { direction: 'credit', points: 5, reason: 'Goodwill', idempotencyKey: randomUUID() }],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(null, method, path, body)).status, `anonymous ${path}`).toBe(401);
      expect((await call(member, method, path, body)).status, `member ${path}`).toBe(404);
      expect((await call(operator, method, path, body)).status, `operator ${path}`).toBe(method === 'POST' ? 201 : 200);
    }
    const found = (await (await call(operator, 'GET', `/api/ops/members?email=${encodeURIComponent(member.email)}`)).json()) as { householdId: string; balance: number }[];
    expect(found).toEqual([expect.objectContaining({ householdId: household, balance: 785 })]);
  });
});
