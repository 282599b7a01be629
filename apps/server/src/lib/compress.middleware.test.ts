import { gunzipSync, inflateSync } from 'node:zlib';
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

  it('gzips a JSON answer in one piece, with its encoded length said', async () => {
    const { hono } = app();
    const res = await hono.request('/x', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(JSON.parse(gunzipSync(bytes).toString('utf8'))).toEqual(body);
  });

  it('leaves a JSON answer under 1 KB unencoded even for a client that takes gzip', async () => {
    const small = { ok: true, name: 'Marie' };
    const hono = new Hono().use('*', compressAnswers()).get('/s', (c) => c.json(small));
    const res = await hono.request('/s', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(JSON.stringify(small))));
    expect(await res.json()).toEqual(small);
  });

  it('does not gzip for a client that refuses it (q=0) and still deflates for one that takes only deflate', async () => {
    const { hono } = app();
    const refused = await hono.request('/x', { headers: { 'accept-encoding': 'gzip;q=0' } });
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(await refused.json()).toEqual(body);
    const deflated = await hono.request('/x', { headers: { 'accept-encoding': 'deflate' } });
    expect(deflated.headers.get('content-encoding')).toBe('deflate');
    expect(JSON.parse(inflateSync(Buffer.from(await deflated.arrayBuffer())).toString('utf8'))).toEqual(body);
  });

  it('still gzips a large JSON answer and a non-JSON text answer, through the stream', async () => {
    const large = { rows: Array.from({ length: 20_000 }, (_, i) => ({ i, text: 'row of a large export' })) };
    const text = 'plain text answer '.repeat(200);
    const hono = new Hono()
      .use('*', compressAnswers())
      .get('/large', (c) => c.json(large))
      .get('/text', (c) => c.text(text));
    const big = await hono.request('/large', { headers: { 'accept-encoding': 'gzip' } });
    expect(JSON.stringify(large).length).toBeGreaterThan(256 * 1024);
    expect(big.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await big.arrayBuffer())).toString('utf8'))).toEqual(large);
    const plain = await hono.request('/text', { headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await plain.arrayBuffer())).toString('utf8')).toBe(text);
  });

  it('keeps the status and headers the route set, and weakens a strong ETag once encoded', async () => {
    const hono = new Hono().use('*', compressAnswers()).get('/e', (c) => {
      c.header('ETag', '"v1"');
      c.header('Cache-Control', 'private, max-age=60');
      c.header('Set-Cookie', 'a=1; Path=/', { append: true });
      c.header('Set-Cookie', 'b=2; Path=/', { append: true });
      return c.json(body, 201);
    });
    const res = await hono.request('/e', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('etag')).toBe('W/"v1"');
    expect(res.headers.get('cache-control')).toBe('private, max-age=60');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8'))).toEqual(body);
  });

  it('leaves an answer marked no-transform unencoded', async () => {
    const hono = new Hono().use('*', compressAnswers()).get('/n', (c) => {
      c.header('Cache-Control', 'no-transform');
      return c.json(body);
    });
    const res = await hono.request('/n', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.json()).toEqual(body);
  });

  it('never reads the body of an answer for a client that takes no encoding (on Node that turns it into a stream)', async () => {
    let reads = 0;
    const hono = new Hono().use('*', compressAnswers()).get('/b', (c) => {
      const res = c.json(body);
      const read = Object.getOwnPropertyDescriptor(Response.prototype, 'body')!.get!;
      Object.defineProperty(res, 'body', {
        get() {
          reads++;
          return read.call(this) as unknown;
        },
      });
      return res;
    });
    const res = await hono.request('/b', { headers: { 'accept-encoding': 'identity' } });
    expect(reads).toBe(0);
    expect(res.headers.get('content-encoding')).toBeNull();
  });
});
