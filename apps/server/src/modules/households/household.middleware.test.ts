import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, TEST_ORIGIN } from '../../test/test-session';

describe('the household of a cached session (decision 072)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const read = async (cookie: string) => (await (await t.app.request('/api/household', { headers: { cookie, origin: TEST_ORIGIN } })).json()) as { name: string; postalCode: string | null };

  it('is read once while the session is cached, and again after any API write', async () => {
    const member = await createMember(t.app);
    expect((await read(member.cookie)).name).toBe('My home');

    // Changed behind the API's back: a read with the session cached does not look again (no query),
    await t.database.db.execute(sql`update households set name = 'Renamed by hand' where owner_user_id = ${member.userId}`);
    expect((await read(member.cookie)).name).toBe('My home');

    // while a write through the API — here the member setting where the home is — clears it with the session.
    expect((await t.app.request('/api/household/home', { method: 'PUT', headers: asMember(member), body: JSON.stringify({ postalCode: 'K1A 0B1' }) })).status).toBe(200);
    expect(await read(member.cookie)).toMatchObject({ name: 'Renamed by hand', postalCode: 'K1A0B1' });
  });

  it('is never another member’s', async () => {
    const [a, b] = [await createMember(t.app), await createMember(t.app)];
    await t.database.db.execute(sql`update households set name = 'Home of A' where owner_user_id = ${a.userId}`);
    await t.database.db.execute(sql`update households set name = 'Home of B' where owner_user_id = ${b.userId}`);
    for (let i = 0; i < 3; i++) {
      expect((await read(a.cookie)).name).toBe('Home of A');
      expect((await read(b.cookie)).name).toBe('Home of B');
    }
  });
});
