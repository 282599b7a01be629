import { gunzipSync } from 'node:zlib';
import { createRoute, z } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';

describe('app middleware', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // A JSON endpoint declared the way modules declare theirs, to prove body handling.
    t.app.openapi(
      createRoute({
        method: 'post',
        path: '/api/__echo',
        request: { body: { content: { 'application/json': { schema: z.object({ name: z.string() }) } } } },
        responses: { 200: { description: 'echo', content: { 'application/json': { schema: z.object({ name: z.string() }) } } } },
      }),
      (c) => c.json(c.req.valid('json'), 200),
    );
    t.app.get('/api/__boom', () => {
      throw new Error('secret internals');
    });
  });
  afterAll(() => t.close());

  it('answers unknown /api routes with JSON 404', async () => {
    for (const path of ['/api/nope', '/api', '/api/postal-codes']) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    }
  });

  it('rejects bodies over 1 MB with JSON 413, even on unknown routes', async () => {
    const body = 'x'.repeat(1024 * 1024 + 1);
    const res = await t.app.request('/api/anything', { method: 'POST', body, headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: { code: 'payload_too_large', message: 'Request body is too large' } });

    const declared = await t.app.request('/api/__echo', {
      method: 'POST',
      body: JSON.stringify({ name: 'y'.repeat(1024 * 1024) }),
      headers: { 'content-type': 'application/json', 'content-length': String(1024 * 1024 + 11) },
    });
    expect(declared.status).toBe(413);
  });

  it('accepts a body just under the limit', async () => {
    const res = await t.app.request('/api/__echo', {
      method: 'POST',
      body: JSON.stringify({ name: 'y'.repeat(1000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: 'y'.repeat(1000) });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.app.request('/api/__echo', { method: 'POST', body: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('bad_request');
    expect(body.error.message).toMatch(/malformed json/i);
  });

  it('answers a schema violation with 400 validation_failed', async () => {
    const res = await t.app.request('/api/__echo', { method: 'POST', body: '{"name":42}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'validation_failed', details: [{ path: 'name' }] } });
  });

  it('hides unexpected errors behind a generic 500', async () => {
    const res = await t.app.request('/api/__boom');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('secret internals');
    expect(JSON.parse(text)).toEqual({ error: { code: 'internal_error', message: 'Something went wrong. Please try again.' } });
  });

  it('sets security headers on every response, errors included', async () => {
    for (const path of ['/api/health', '/api/nope', '/api/postal-codes/12345']) {
      const res = await t.app.request(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      for (const directive of [
        "default-src 'self'",
        "img-src 'self' data:",
        "style-src 'self' 'unsafe-inline'",
        "connect-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ]) {
        expect(csp, `${path}: ${directive}`).toContain(directive);
      }
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      // 365 days written out, not the constant: a year is ASVS 5.0 3.4.1's floor.
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers.get('x-request-id')).toMatch(/.+/);
    }
  });

  it('publishes an OpenAPI document built from the route schemas', async () => {
    const res = await t.app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/postal-codes/{code}']));
  });

  it('gzips large JSON when the client accepts it', async () => {
    const res = await t.app.request('/api/openapi.json', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const doc = JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8')) as { openapi: string };
    expect(doc.openapi).toBe('3.1.0');
  });
});
