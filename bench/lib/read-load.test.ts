import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { acceptEncodingOf } from './env';
import { slowReadsByWindow, startReadLoad, wireWeight } from './read-load';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const BODY = JSON.stringify({ days: Array.from({ length: 200 }, (_, i) => ({ day: i, kwh: 12.5 })) });
const GZIPPED = gzipSync(BODY);

/** A server that gzips, as compress.middleware.ts does, only when the request takes gzip; it keeps each request's Accept-Encoding. */
async function screenServer(): Promise<{ url: string; asked: (string | undefined)[] }> {
  const asked: (string | undefined)[] = [];
  const server = createServer((req, res) => {
    const header = req.headers['accept-encoding'];
    asked.push(header);
    if (header?.split(',').some((p) => p.trim() === 'gzip')) res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(GZIPPED);
    else res.writeHead(200, { 'content-type': 'application/json' }).end(BODY);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked };
}

async function readFor(encoding: 'gzip' | 'identity') {
  const server = await screenServer();
  const load = await startReadLoad({
    url: server.url,
    origin: server.url,
    acceptEncoding: acceptEncodingOf(encoding),
    rate: 40,
    signInRate: 0,
    seconds: 0.5,
    members: [{ cookie: 'session=a', email: 'a@example.test', password: 'x' }],
    mix: [{ label: 'usage', path: '/api/usage', weight: 1 }],
    timeoutMs: 5_000,
    maxSockets: 4,
    maxOutstanding: 100,
  });
  cleanups.push(() => load.close());
  return { result: await load.run(), asked: server.asked };
}

describe('the read load', () => {
  it('asks as a browser does by default, and counts the gzipped bytes that came', async () => {
    const { result, asked } = await readFor('gzip');
    const usage = result.byLabel.usage!;
    const answered = usage.statuses['200'] ?? 0;
    expect(answered).toBeGreaterThan(5);
    expect(new Set(asked)).toEqual(new Set(['gzip, deflate, br, zstd']));
    expect(usage.gzipped).toBe(answered);
    expect(usage.bytes).toBe(answered * GZIPPED.length);
    expect(GZIPPED.length).toBeLessThan(BODY.length / 5);
    expect(wireWeight([usage])).toBe(`${GZIPPED.length} B per answer on the wire, 100 % gzipped`);
  });

  it('asks for no encoding with BENCH_READ_ENCODING=identity, and counts the plain bytes', async () => {
    const { result, asked } = await readFor('identity');
    const usage = result.byLabel.usage!;
    const answered = usage.statuses['200'] ?? 0;
    expect(answered).toBeGreaterThan(5);
    expect(new Set(asked)).toEqual(new Set(['identity']));
    expect(usage.gzipped).toBe(0);
    expect(usage.bytes).toBe(answered * Buffer.byteLength(BODY));
  });
});

describe('slow reads by window', () => {
  it('counts each window from the start and keeps its slowest, windows in order', () => {
    const from = 1_000_000;
    // Due 0.5 s, 1.9 s and 4.2 s after the start, and one 0.1 s before it: 2 s windows -1, 0 and 2.
    const slow = [
      { dueAt: from + 4_200, ms: 150.4 },
      { dueAt: from + 500, ms: 120 },
      { dueAt: from + 1_900, ms: 6_044.6 },
      { dueAt: from - 100, ms: 109 },
    ];
    expect(slowReadsByWindow(slow, from, 2)).toBe('-2s 1 (109 ms), 0s 2 (6045 ms), 4s 1 (150 ms)');
    expect(slowReadsByWindow([], from, 2)).toBe('none');
  });
});
