import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';

describe('GET /api/health', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  async function health(options: { broker?: { isConnected(): boolean }; database?: Database }) {
    const t: TestApp = await createTestApp({ database: options.database ?? database, ...(options.broker ? { broker: options.broker } : {}) });
    const res = await t.app.request('/api/health');
    return { status: res.status, body: await res.json(), cacheControl: res.headers.get('cache-control') };
  }

  it('is ok with a database and no broker configured', async () => {
    expect(await health({})).toEqual({ status: 200, body: { status: 'ok', database: 'up', broker: 'disabled' }, cacheControl: 'no-store' });
  });

  it('reports the broker connection', async () => {
    expect((await health({ broker: { isConnected: () => true } })).body).toEqual({ status: 'ok', database: 'up', broker: 'up' });
    expect(await health({ broker: { isConnected: () => false } })).toMatchObject({
      status: 200,
      body: { status: 'degraded', database: 'up', broker: 'down' },
    });
  });

  it('answers 503 when the database is down', async () => {
    const down: Database = { ...database, ping: () => Promise.reject(new Error('connection refused')) };
    expect(await health({ database: down, broker: { isConnected: () => true } })).toMatchObject({
      status: 503,
      body: { status: 'degraded', database: 'down', broker: 'up' },
    });
  });
});
