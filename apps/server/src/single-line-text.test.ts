import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SINGLE_LINE_TEXT_MESSAGE } from '@peakwise/contracts/single-line-text';
import { rowsOf } from './db/rows';
import { setOperator } from './modules/auth/user-role.repository';
import { ensureHouseholdForUser } from './modules/households/household.service';
import { createTestApp, type TestApp } from './test/test-app';
import { asMember, createMember, signUpBody, type Member } from './test/test-session';

/** What a name or a label must never carry (decision 080); each is refused wherever one is written. */
const UNSAFE = {
  'CR/LF': 'Ann\r\nSet-Cookie: x=1',
  BEL: 'Ann\u0007',
  ESC: '\u001b[2JAnn',
  'right-to-left override': 'Ann\u202Etxt.exe',
  'first-strong isolate': 'Ann\u2068Lee',
};

describe('single-line texts refuse control characters and direction overrides', () => {
  let t: TestApp;
  let member: Member;
  let operator: Member;
  let household: string;

  beforeAll(async () => {
    t = await createTestApp();
    member = await createMember(t.app, { name: 'Ann Lee' });
    operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
    household = (await ensureHouseholdForUser(t.database.db, member.userId)).id;
  });
  afterAll(() => t.close());

  const call = (who: Member, method: string, path: string, body: unknown) => t.app.request(path, { method, headers: asMember(who), body: JSON.stringify(body) });
  const count = async (table: string) => rowsOf<{ n: number }>(await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

  it.each(Object.entries(UNSAFE))('%s: refused in a name, a token label, a device name and a reason, and nothing is stored', async (_what, text) => {
    const before = { users: await count('users'), apiTokens: await count('api_tokens'), ingestTokens: await count('ingest_credentials'), devices: await count('devices'), adjustments: await count('points_adjustments') };
    const refusals: [string, string, string, unknown][] = [
      [member.email, 'PUT', '/api/profile', { name: text, email: member.email }],
      [member.email, 'POST', '/api/member-api/tokens', { label: text, scopes: ['usage:read'], expiresInDays: 30 }],
      [member.email, 'POST', '/api/household/ingest-tokens', { label: text }],
      [member.email, 'POST', '/api/devices', { externalId: 'shellyplugus-a1b2c3', name: text, kind: 'smart_plug' }],
      [operator.email, 'POST', `/api/ops/households/${household}/adjustments`, { direction: 'credit', points: 5, reason: `Goodwill ${text}`, idempotencyKey: randomUUID() }],
    ];
    for (const [who, method, path, body] of refusals) {
      const res = await call(who === member.email ? member : operator, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(JSON.stringify(await res.json()), `${method} ${path}`).toContain(SINGLE_LINE_TEXT_MESSAGE);
    }
    const signUp = await t.app.request('/api/auth/sign-up/email', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(signUpBody({ name: text })) });
    expect(signUp.status).toBe(400);
    expect(await signUp.json()).toMatchObject({ code: 'NAME_NOT_SINGLE_LINE' });
    expect({ users: await count('users'), apiTokens: await count('api_tokens'), ingestTokens: await count('ingest_credentials'), devices: await count('devices'), adjustments: await count('points_adjustments') }).toEqual(before);
    expect(((await (await t.app.request('/api/profile', { headers: asMember(member) })).json()) as { name: string }).name).toBe('Ann Lee');
  });

  it('still takes names in any script, with accents and apostrophes', async () => {
    for (const name of ['Zoë Ñúñez-Côté', 'O’Brien', 'محمد علي', '李小龍']) {
      const res = await call(member, 'PUT', '/api/profile', { name, email: member.email });
      expect(res.status, name).toBe(200);
      expect(((await res.json()) as { name: string }).name).toBe(name);
    }
  });
});
