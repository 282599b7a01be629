import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { TEST_ORIGIN } from '../test/test-session';

type Answer = { status: number; connection: string | undefined; socket: unknown };

describe('a refused body over the size limit (413)', () => {
  let t: TestApp;
  let server: ServerType;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t.close();
  });

  /** One request through a keep-alive agent, as a browser's or an SDK's connection pool sends it. */
  const send = (agent: Agent, method: string, path: string, body?: string) =>
    new Promise<Answer>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method, path, agent, headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, socket: req.socket }));
      });
      req.on('error', reject);
      req.end(body);
    });

  it('says Connection: close, so the next request on the same pool gets its answer', async () => {
    // One socket at a time, kept alive: the second request goes down the first one's socket
    // whenever the server said it would stay open.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const tooLarge = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10), email: 'a@example.com' });
      const refused = await send(agent, 'PUT', '/api/profile', tooLarge);
      expect(refused.status).toBe(413);
      expect(refused.connection).toBe('close');
      const next = await send(agent, 'GET', '/api/health');
      expect(next.status).toBe(200);
      expect(next.socket).not.toBe(refused.socket);
      // An ordinary answer keeps its socket for the one after it.
      const third = await send(agent, 'GET', '/api/health');
      expect(third.connection).toBe('keep-alive');
      expect(third.socket).toBe(next.socket);
    } finally {
      agent.destroy();
    }
  });
});
