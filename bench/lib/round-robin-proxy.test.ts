import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An upstream that names itself; /stream writes one SSE event now and keeps the response open. */
async function upstream(name: string): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    if (req.url === '/stream') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`event: ready\ndata: ${name}\n\n`);
      return;
    }
    res.end(name);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { server, port: (server.address() as AddressInfo).port };
}

async function proxyTo(ports: number[]): Promise<RoundRobinProxy> {
  const proxy = await startRoundRobinProxy(ports.map((port) => ({ host: '127.0.0.1', port })));
  cleanups.push(() => proxy.close());
  return proxy;
}

/** One request on a fresh connection (no keep-alive), so each is a new choice of upstream. */
function get(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    request(url, { agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(body));
    })
      .on('error', reject)
      .end();
  });
}

describe('round-robin proxy', () => {
  it('hands each new connection to the next upstream in turn', async () => {
    const a = await upstream('a');
    const b = await upstream('b');
    const proxy = await proxyTo([a.port, b.port]);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await get(`${proxy.url}/`));
    expect(answers).toEqual(['a', 'b', 'a', 'b']);
    expect(proxy.opened).toEqual([2, 2]);
  });

  it('passes a streamed response through before it ends', async () => {
    const a = await upstream('a');
    const proxy = await proxyTo([a.port]);
    const first = await new Promise<string>((resolve, reject) => {
      const req = request(`${proxy.url}/stream`, { agent: false }, (res) => {
        res.setEncoding('utf8');
        res.once('data', (chunk: string) => {
          resolve(chunk);
          req.destroy();
        });
      });
      req.on('error', () => {});
      req.setTimeout(2_000, () => reject(new Error('no event within 2 s')));
      req.end();
    });
    expect(first).toBe('event: ready\ndata: a\n\n');
  });

  it('skips an upstream that refuses connections', async () => {
    const a = await upstream('a');
    const b = await upstream('b');
    const proxy = await proxyTo([a.port, b.port]);
    a.server.closeAllConnections();
    await new Promise<void>((resolve) => a.server.close(() => resolve()));
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await get(`${proxy.url}/`));
    expect(answers).toEqual(['b', 'b', 'b', 'b']);
  });

  it('closes the client side of connections whose upstream went away, and says which upstream carried them', async () => {
    const a = await upstream('a');
    const proxy = await proxyTo([a.port]);
    const ended = new Promise<{ localPort: number | undefined; upstream: number | undefined }>((resolve) => {
      const req = request(`${proxy.url}/stream`, { agent: false }, (res) => {
        res.once('data', () => {
          const localPort = req.socket?.localPort;
          const carriedBy = localPort === undefined ? undefined : proxy.upstreamOf(localPort);
          res.on('close', () => resolve({ localPort, upstream: carriedBy }));
          // The upstream process dies with the stream open.
          a.server.closeAllConnections();
        });
      });
      req.on('error', () => {});
      req.end();
    });
    const { localPort, upstream: carriedBy } = await ended;
    expect(carriedBy).toBe(0);
    // Once closed, the connection is forgotten (the proxy's own close event may come a moment later).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(proxy.upstreamOf(localPort!)).toBeUndefined();
  });
});
