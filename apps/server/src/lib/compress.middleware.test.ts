import { Hono, type MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { compressAnswers } from './compress.middleware';

const body = { values: Array.from({ length: 200 }, (_, i) => ({ i, text: 'a compressible answer' })) };

/** An app whose outer middleware records whether the answer the route made is the one that leaves. */
function app() {
  const seen: { same?: boolean } = {};
  const outer: MiddlewareHandler = async (c, next) => {
    await next();
    seen.same = c.res === (c.var as { made?: Response }).made;
  };
  const made: MiddlewareHandler = async (c, next) => {
    await next();
    c.set('made' as never, c.res as never);
  };
  const hono = new Hono().use('*', outer).use('*', compressAnswers()).use('*', made).get('/x', (c) => c.json(body));
  return { hono, seen };
}

describe('compressAnswers', () => {
  it('leaves the answer the route made alone when the client asks for no encoding, and says it varies by encoding', async () => {
    const { hono, seen } = app();
    const res = await hono.request('/x');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.json()).toEqual(body);
    // compress used to add Vary on the finished answer, which rebuilt it around a stream.
    expect(seen.same).toBe(true);
  });

  it('still gzips for a client that asks, with one Vary', async () => {
    const { hono } = app();
    const res = await hono.request('/x', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    const text = await new Response(res.body!.pipeThrough(new DecompressionStream('gzip'))).text();
    expect(JSON.parse(text)).toEqual(body);
  });
});
