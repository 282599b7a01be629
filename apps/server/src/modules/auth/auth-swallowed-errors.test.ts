import { Writable } from 'node:stream';
import { getTableName, type Table } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client';
import { createLogger } from '../../lib/logger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { asMember, cookieHeader, createMember, signInAgain, TEST_ORIGIN, type Member } from '../../test/test-session';

/** pg-pool's error when all its connections stayed busy for its whole connection timeout. */
const POOL_EXHAUSTED = 'timeout exceeded when trying to connect';

type Failing = { table: string; error: Error } | null;

/**
 * The test database, except that while `failing` is set a read from that table throws its error,
 * as the real pool does when it has no connection to give: the way to make one of better-auth's
 * own reads fail (after its rate limiter's, which it does not catch) without reaching into it.
 */
function failingDatabase(database: Database) {
  const control: { failing: Failing } = { failing: null };
  const db = new Proxy(database.db, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (prop !== 'select' || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const builder = (value as (...a: unknown[]) => object).apply(target, args);
        return new Proxy(builder, {
          get(b, p, r) {
            const member: unknown = Reflect.get(b, p, r);
            if (p !== 'from' || typeof member !== 'function') return member;
            return (table: Table, ...rest: unknown[]) => {
              const failing = control.failing;
              if (failing && getTableName(table) === failing.table) throw failing.error;
              return (member as (...a: unknown[]) => unknown).apply(b, [table, ...rest]);
            };
          },
        });
      };
    },
  }) as Db;
  return { database: { ...database, db }, control };
}

describe('a database failure inside better-auth (decision 072)', () => {
  let t: TestApp;
  let base: Database;
  let control: { failing: Failing };
  let member: Member;
  const lines: { level: number; msg: string; err?: { message?: string; stack?: string } }[] = [];

  beforeAll(async () => {
    base = await createTestDatabase();
    const failing = failingDatabase(base);
    control = failing.control;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as (typeof lines)[number]);
        done();
      },
    });
    t = await createTestApp({ database: failing.database, logger: createLogger({ level: 'warn', destination: sink }) });
    member = await createMember(t.app);
  });
  afterAll(async () => {
    await t.close();
    await base.close();
  });

  /** One request while reads from `table` fail with `error`, with a session just signed in, so no cache holds it. */
  async function whileFailing(table: string, error: Error, request: (cookie: string) => Response | Promise<Response>) {
    const signIn = await signInAgain(t.app, member);
    expect(signIn.status).toBe(200);
    const cookie = cookieHeader(signIn);
    control.failing = { table, error };
    try {
      return await request(cookie);
    } finally {
      control.failing = null;
    }
  }

  it('a screen read whose session lookup found no pool connection answers 503 service_busy with Retry-After, not 500', async () => {
    const res = await whileFailing('sessions', new Error(POOL_EXHAUSTED), (cookie) => t.app.request('/api/dashboard', { headers: { cookie, origin: TEST_ORIGIN } }));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('service_busy');
    // Once the pool has connections again the same request succeeds.
    expect((await t.app.request('/api/dashboard', { headers: { cookie: member.cookie, origin: TEST_ORIGIN } })).status).toBe(200);
  });

  it('any other failure of the session lookup stays a 500, and the log names the real error, not only better-auth’s stand-in', async () => {
    lines.length = 0;
    const res = await whileFailing('sessions', new Error('relation "sessions" does not exist'), (cookie) => t.app.request('/api/dashboard', { headers: { cookie, origin: TEST_ORIGIN } }));
    expect(res.status).toBe(500);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('internal_error');
    const unhandled = lines.find((l) => l.msg === 'Unhandled error');
    expect(unhandled?.err?.stack).toContain('relation "sessions" does not exist');
  });

  it('a sign-in through better-auth’s handler that found no pool connection answers 503 service_busy too', async () => {
    const res = await whileFailing('users', new Error(POOL_EXHAUSTED), () =>
      t.app.request('/api/auth/sign-in/email', { method: 'POST', headers: asMember({ cookie: '' }), body: JSON.stringify({ email: member.email, password: member.password }) }),
    );
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
  });
});
