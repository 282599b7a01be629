import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { geocoderCache } from '../../db/schema/geocoder-cache.schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import type { Database } from '../../db/client';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A real geocoder stand-in on a random port; every request is recorded. */
async function startFakeGeocoder() {
  const requests: string[] = [];
  let handler: Handler = (_req, res) => res.writeHead(500).end();
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    respondWith(next: Handler) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const json = (body: unknown): Handler => (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

describe('postal check with an external geocoder', () => {
  let geocoder: Awaited<ReturnType<typeof startFakeGeocoder>>;
  let database: Database;
  let t: TestApp;

  beforeAll(async () => {
    geocoder = await startFakeGeocoder();
    database = await createTestDatabase();
    t = await createTestApp({ database, env: { GEOCODER_URL: geocoder.url, GEOCODER_TIMEOUT_MS: '300' } });
  });
  afterAll(async () => {
    await t.close();
    await database.close();
    await geocoder.close();
  });
  afterEach(async () => {
    geocoder.requests.length = 0;
    await database.db.delete(geocoderCache).where(sql`true`);
  });

  it('uses the geocoder city, calls the spec path shape, and caches the answer', async () => {
    geocoder.respondWith(json({ city: 'North York', province: 'Ontario' }));

    const first = await t.app.request('/api/postal-codes/M2N%206K1');
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ postalCode: 'M2N 6K1', city: 'North York', province: 'ON', isServiceable: true });
    expect(geocoder.requests).toEqual(['/M2N6K1?json=1']);

    const second = await t.app.request('/api/postal-codes/m2n-6k1');
    expect(await second.json()).toMatchObject({ city: 'North York' });
    expect(geocoder.requests).toHaveLength(1);
  });

  it('maps French province names and never lets the geocoder change serviceability', async () => {
    geocoder.respondWith(json({ city: 'Québec', province: 'Québec' }));
    const res = await t.app.request('/api/postal-codes/G1R4P5');
    expect(await res.json()).toEqual({ postalCode: 'G1R 4P5', city: 'Québec', province: 'QC', isServiceable: true });
  });

  it('ignores an answer whose province contradicts the postal code', async () => {
    geocoder.respondWith(json({ city: 'Winnipeg', province: 'MB' }));
    const res = await t.app.request('/api/postal-codes/V6B1A1');
    expect(await res.json()).toEqual({ postalCode: 'V6B 1A1', city: 'Vancouver', province: 'BC', isServiceable: true });
  });

  it('falls back to the offline answer quickly on timeout', async () => {
    geocoder.respondWith(() => {
      /* never answers */
    });
    const started = Date.now();
    const res = await t.app.request('/api/postal-codes/M5V3L9');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ postalCode: 'M5V 3L9', city: 'Toronto', province: 'ON', isServiceable: true });
    expect(geocoder.requests).toEqual(['/M5V3L9?json=1']);
  });

  it('falls back on HTTP 500 and does not cache the failure', async () => {
    geocoder.respondWith((_req, res) => res.writeHead(500).end('boom'));
    const res = await t.app.request('/api/postal-codes/T5J0N3');
    expect(await res.json()).toEqual({ postalCode: 'T5J 0N3', city: 'Edmonton', province: 'AB', isServiceable: true });

    geocoder.respondWith(json({ city: 'Edmonton Downtown', province: 'AB' }));
    const retry = await t.app.request('/api/postal-codes/T5J0N3');
    expect(await retry.json()).toMatchObject({ city: 'Edmonton Downtown' });
    expect(geocoder.requests).toHaveLength(2);
  });

  it('falls back on a garbage body', async () => {
    geocoder.respondWith((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>nope</html>'));
    const res = await t.app.request('/api/postal-codes/K1A0B1');
    expect(await res.json()).toEqual({ postalCode: 'K1A 0B1', city: 'Ottawa', province: 'ON', isServiceable: true });
  });

  it('refetches once the cached answer is older than 30 days', async () => {
    await database.db.insert(geocoderCache).values({
      postalCode: 'L5B3C2',
      city: 'Old Name',
      province: 'ON',
      fetchedAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000),
    });
    geocoder.respondWith(json({ city: 'Mississauga City Centre', province: 'ON' }));
    const res = await t.app.request('/api/postal-codes/L5B3C2');
    expect(await res.json()).toMatchObject({ city: 'Mississauga City Centre' });
    expect(geocoder.requests).toHaveLength(1);
  });

  it('still rejects invalid codes without calling the geocoder', async () => {
    const res = await t.app.request('/api/postal-codes/12345');
    expect(res.status).toBe(400);
    expect(geocoder.requests).toHaveLength(0);
  });
});
