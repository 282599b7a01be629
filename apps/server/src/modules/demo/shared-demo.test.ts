import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@peakwise/contracts/demo-account';
import { rowsOf } from '../../db/rows';
import { startDurableWorker } from '../../jobs/durable-worker';
import { privacyExportJobHandlers } from '../../jobs/privacy-export-jobs';
import { createLogger } from '../../lib/logger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, cookieHeader, createMember, sessionTokenOf, TEST_ORIGIN, type Member } from '../../test/test-session';
import { fundMember } from '../cash-outs/cash-outs.test-helper';
import { ensureDemoAccount } from './seed-demo-account';

// Two people trying the demo at the same time, each from their own browser (decision 082).
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0 visitor-a';
const SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15 visitor-b';
const REFUSED = { error: { code: 'demo_account_shared', message: 'The demo account is shared by every visitor, so it keeps no personal details. Create your own account to add them.' } };

type Listed = { id: string; current: boolean; browser: string | null; ipAddress: string | null };

describe('the shared demo account keeps its visitors apart', () => {
  let t: TestApp;
  let demoId: string;
  let a: Member;
  let b: Member;

  const visit = async (userAgent: string): Promise<Member> => {
    const res = await t.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, 'user-agent': userAgent },
      body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
    });
    expect(res.status).toBe(200);
    return { cookie: cookieHeader(res), userId: demoId, email: DEMO_EMAIL, password: DEMO_PASSWORD };
  };
  const sessionIdOf = async (who: Member) => {
    const [row] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`select id from sessions where token = ${createHash('sha256').update(sessionTokenOf(who.cookie), 'utf8').digest('hex')}`),
    );
    return row!.id;
  };
  const signedIn = async (who: Member) => (await t.app.request('/api/profile', { headers: asMember(who) })).status === 200;
  const count = async (query: ReturnType<typeof sql>) => rowsOf<{ n: number }>(await t.database.db.execute(query))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
    demoId = await ensureDemoAccount({ auth: t.accounts.auth, db: t.database.db });
    a = await visit(FIREFOX);
    b = await visit(SAFARI);
  });
  afterAll(() => t.close());

  it('stores no address or browser for a demo session; a member’s own sessions keep theirs', async () => {
    const demo = rowsOf<{ ip: string | null; ua: string | null }>(await t.database.db.execute(sql`select ip_address as ip, user_agent as ua from sessions where user_id = ${demoId}`));
    expect(demo).toHaveLength(2);
    expect(demo).toEqual([
      { ip: null, ua: null },
      { ip: null, ua: null },
    ]);
    const member = await createMember(t.app);
    const own = rowsOf<{ ip: string | null }>(await t.database.db.execute(sql`select ip_address as ip from sessions where user_id = ${member.userId}`));
    expect(own.map((r) => r.ip)).toEqual(['127.0.0.1']);
  });

  it('lists only the visitor’s own session', async () => {
    for (const [who, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const res = await t.app.request('/api/sessions', { headers: asMember(who) });
      expect(res.status).toBe(200);
      const listed = (await res.json()) as Listed[];
      expect(listed.map((s) => [s.id, s.current])).toEqual([[await sessionIdOf(who), true]]);
      expect(listed.map((s) => s.id)).not.toContain(await sessionIdOf(other));
    }
  });

  it('cannot end another visitor’s session, one by one or all at once', async () => {
    const bId = await sessionIdOf(b);
    const one = await t.app.request(`/api/sessions/${bId}`, { method: 'DELETE', headers: asMember(a) });
    expect(one.status).toBe(404);
    // The library's own session endpoints are closed to everyone (decision 030).
    for (const path of ['/api/auth/revoke-other-sessions', '/api/auth/revoke-sessions', '/api/auth/revoke-session']) {
      expect((await t.app.request(path, { method: 'POST', headers: asMember(a), body: '{}' })).status).toBe(404);
    }
    expect((await t.app.request('/api/auth/list-sessions', { headers: asMember(a) })).status).toBe(404);
    expect(await signedIn(a)).toBe(true);
    expect(await signedIn(b)).toBe(true);
    // A visitor can still sign their own browser out.
    const own = await t.app.request(`/api/sessions/${await sessionIdOf(a)}`, { method: 'DELETE', headers: asMember(a) });
    expect(own.status).toBe(204);
    expect(await signedIn(b)).toBe(true);
    a = await visit(FIREFOX);
  });

  it('refuses a phone number, a push subscription, a card, a shipping address, a payout address, a name and a home, and the next visitor sees none of them', async () => {
    const put = (path: string, body: unknown, method = 'PUT', extra: Record<string, string> = {}) =>
      t.app.request(path, { method, headers: asMember(a, extra), body: JSON.stringify(body) });
    const householdId = await fundMember(t.database.db, demoId, 2_000);

    const attempts = [
      await put('/api/notification-preferences/phone', { phone: '416-555-0199' }),
      await put('/api/push-subscriptions', { endpoint: 'https://push.example.com/visitor-a', keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } }, 'POST'),
      await put('/api/billing/payment-methods', { token: 'tok_anything' }, 'POST'),
      await put(
        '/api/rewards/orders',
        { itemId: randomUUID(), shippingAddress: { name: 'Visitor A', line1: '1 Private Lane', city: 'Toronto', province: 'ON', postalCode: 'M5V 3L9' } },
        'POST',
        { 'idempotency-key': `demo-${randomUUID()}` },
      ),
      await put('/api/cash-outs', { points: 1_000, email: 'visitor-a@example.com', idempotencyKey: `demo-${randomUUID()}` }, 'POST'),
      await put('/api/profile', { name: 'Visitor A', email: DEMO_EMAIL }),
      await put('/api/household/home', { postalCode: 'K1A 0B1' }),
      await put('/api/household/battery', { hasBattery: true }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual(REFUSED);
    }

    const prefs = (await (await t.app.request('/api/notification-preferences', { headers: asMember(b) })).json()) as { phone: unknown };
    expect(prefs.phone).toBeNull();
    expect(await (await t.app.request('/api/billing/payment-methods', { headers: asMember(b) })).json()).toEqual([]);
    expect(await count(sql`select count(*)::int as n from reward_orders where household_id = ${householdId}::uuid`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from cash_outs where household_id = ${householdId}::uuid`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from notification_phones where user_id = ${demoId}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from push_subscriptions where user_id = ${demoId}`)).toBe(0);
    const profile = (await (await t.app.request('/api/profile', { headers: asMember(b) })).json()) as { name: string };
    expect(profile.name).toBe('Alex Martin');
    expect(await count(sql`select count(*)::int as n from households where id = ${householdId}::uuid and has_battery`)).toBe(0);

    // What names no visitor still works: the demo's own payout address, and saving the name unchanged.
    const demoPayout = await put('/api/cash-outs', { points: 1_000, email: DEMO_EMAIL, idempotencyKey: `demo-${randomUUID()}` }, 'POST');
    expect(demoPayout.status).toBe(201);
    expect((await put('/api/profile', { name: 'Alex Martin', email: DEMO_EMAIL })).status).toBe(200);
  });

  it('the demo’s privacy export holds no visitor’s address or browser', async () => {
    const asked = await t.app.request('/api/privacy-exports', { method: 'POST', headers: asMember(a) });
    expect(asked.status).toBe(201);
    const { id } = (await asked.json()) as { id: string };
    // A session stored before decision 082, with its visitor's address and browser.
    await t.database.db.execute(sql`update sessions set ip_address = '203.0.113.9', user_agent = ${SAFARI} where id = ${await sessionIdOf(b)}`);
    const logger = createLogger({ level: 'silent' });
    const handlers = privacyExportJobHandlers({ mailer: t.accounts.mailer, publicUrl: t.config.publicUrl, ttlDays: 7, chunkBytes: 65_536, pageRows: 1_000 });
    const worker = startDurableWorker({ db: t.database.db, handlers, logger, clock: () => new Date() });
    await worker.runDue();
    await worker.stop();

    const download = await t.app.request(`/api/privacy-exports/${id}/download`, { headers: asMember(a) });
    expect(download.status).toBe(200);
    const files = Object.fromEntries(Object.entries(unzipSync(new Uint8Array(await download.arrayBuffer()))).map(([name, data]) => [name, strFromU8(data)]));
    expect(JSON.parse(files['sessions.json']!)).toEqual([]);
    const everything = Object.values(files).join('\n');
    for (const trace of ['203.0.113.9', 'visitor-a', 'visitor-b', '127.0.0.1']) expect(everything).not.toContain(trace);
  });

  it('forgets what earlier visitors left when the server starts', async () => {
    await t.database.db.execute(sql`update sessions set ip_address = '203.0.113.9', user_agent = ${SAFARI} where user_id = ${demoId}`);
    await t.database.db.execute(sql`insert into notification_phones (user_id, phone) values (${demoId}, '+14165550199')`);
    await ensureDemoAccount({ auth: t.accounts.auth, db: t.database.db });
    expect(await count(sql`select count(*)::int as n from sessions where user_id = ${demoId} and (ip_address is not null or user_agent is not null)`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from notification_phones where user_id = ${demoId}`)).toBe(0);
    expect(await signedIn(b)).toBe(true);
  });
});
