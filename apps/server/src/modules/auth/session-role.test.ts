import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, signUpBody, TEST_ORIGIN } from '../../test/test-session';
import { isOperator, setOperator } from './user-role.repository';

describe('the session says whether the member is an operator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const sessionUser = async (cookie: string) => ((await (await t.app.request('/api/auth/get-session', { headers: asMember({ cookie }) })).json()) as { user: { role?: string } }).user;

  it('a member’s session carries role member, an operator’s role operator (the portal links the console for them)', async () => {
    const member = await createMember(t.app);
    const operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
    expect((await sessionUser(member.cookie)).role).toBe('member');
    expect((await sessionUser(operator.cookie)).role).toBe('operator');
  });

  it('a sign-up cannot make itself an operator', async () => {
    const body = { ...signUpBody(), role: 'operator' };
    const res = await t.app.request('/api/auth/sign-up/email', { method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN }, body: JSON.stringify(body) });
    expect(res.status).toBeLessThan(500);
    const [row] = rowsOf<{ id: string }>(await t.database.db.execute(sql`select id from users where email = ${body.email}`));
    if (row) expect(await isOperator(t.database.db, row.id)).toBe(false);
  });
});
