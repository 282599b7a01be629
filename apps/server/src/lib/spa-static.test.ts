import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { sharedTestDatabase } from '../test/test-database';

const INDEX = '<!doctype html><html><head><title>Peakwise</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('peakwise '.repeat(400))});`;

/** The script sources a response's CSP allows. */
const scriptSources = (res: Response) =>
  (res.headers.get('content-security-policy') ?? '')
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .find(([name]) => name === 'script-src')
    ?.slice(1);

// Both apps serve files from their own directory and read nothing the other writes, so they share
// one database instead of starting two (a start is most of an app's setup).
const database = sharedTestDatabase();

describe('serving the built web app', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'peakwise-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), SCRIPT);
    writeFileSync(join(dist, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["src/main.tsx"]}');
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Peakwise"}');
    t = await createTestApp({ database: database(), webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('never serves a source map, though one is on disk', async () => {
    const res = await t.app.request('/assets/index-abc123.js.map');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('sources');
  });

  it('serves index.html at / with no-cache', async () => {
    const res = await t.app.request('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(INDEX);
  });

  it.each(['/app/rewards', '/how-it-works', '/unknown', '/index.html'])('answers %s with the SPA', async (path) => {
    const res = await t.app.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(INDEX);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('caches fingerprinted assets forever and compresses them', async () => {
    const res = await t.app.request('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8')).toBe(SCRIPT);
  });

  it('serves other public files with a short cache', async () => {
    const res = await t.app.request('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('has the service worker and the manifest revalidated, the manifest with its own content type', async () => {
    const worker = await t.app.request('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const manifest = await t.app.request('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
  });

  it('does not answer a missing asset or an unknown API path with HTML', async () => {
    const asset = await t.app.request('/assets/missing-123.js');
    expect(asset.status).toBe(404);
    const api = await t.app.request('/api/unknown');
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/application\/json/);
    expect(await api.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });

  it("allows scripts from 'self' only when the build has no prerendered page", async () => {
    for (const path of ['/', '/api/health']) expect(scriptSources(await t.app.request(path))).toEqual(["'self'"]);
  });

  it('refuses path traversal', async () => {
    const res = await t.app.request('/..%2f..%2fetc%2fpasswd');
    expect(await res.text()).not.toContain('root:');
  });
});

describe('serving the prerendered public pages', () => {
  // As the build writes it: the paint-first loader inline in the head, no script file (decision 070).
  const LOADER = '(()=>{let d=document;requestAnimationFrame(()=>setTimeout(()=>d.head.append(d.createElement("script"))))})()';
  const page = (lang: string, text: string) =>
    `<!doctype html><html lang="${lang}"><head><link rel="canonical" href="__PEAKWISE_ORIGIN__/x" /><script>${LOADER}</script></head><body><div id="root">${text}</div></body></html>`;
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'peakwise-dist-'));
    mkdirSync(join(dist, 'prerendered', 'en'), { recursive: true });
    mkdirSync(join(dist, 'prerendered', 'fr'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'prerendered', 'en', 'index.html'), page('en', 'Save energy'));
    writeFileSync(join(dist, 'prerendered', 'fr', 'how-it-works.html'), page('fr', 'Comment ça marche'));
    t = await createTestApp({ database: database(), webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers / with the English page, its links made absolute from PUBLIC_URL', async () => {
    const res = await t.app.request('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const body = await res.text();
    expect(body).toContain('<div id="root">Save energy</div>');
    expect(body).toContain(`<link rel="canonical" href="${t.config.publicUrl}/x" />`);
    expect(body).not.toContain('__PEAKWISE_ORIGIN__');
  });

  it("allows the pages' inline loader by the hash of its exact text, on every response, and no other inline script", async () => {
    const hash = `'sha256-${createHash('sha256').update(LOADER).digest('base64')}'`;
    for (const path of ['/', '/fr/how-it-works', '/app/dashboard', '/api/health']) {
      const res = await t.app.request(path);
      expect({ path, scripts: scriptSources(res) }).toEqual({ path, scripts: ["'self'", hash] });
    }
    const body = await (await t.app.request('/')).text();
    expect(body).toContain(`<script>${LOADER}</script>`);
    expect(body).not.toMatch(/<script[^>]*\ssrc=/);
  });

  it.each(['/fr/how-it-works', '/fr/how-it-works/'])('answers %s with the French page', async (path) => {
    const body = await (await t.app.request(path)).text();
    expect(body).toContain('<html lang="fr">');
    expect(body).toContain('Comment ça marche');
  });

  it.each(['/help', '/fr', '/fr/unknown', '/app/dashboard', '/?auth=login'])('answers %s, not prerendered here, with the SPA', async (path) => {
    const res = await t.app.request(path);
    expect(res.status).toBe(200);
    if (path === '/?auth=login') {
      // The query string does not change which page it is; the client decides not to hydrate.
      expect(await res.text()).toContain('Save energy');
      return;
    }
    expect(await res.text()).toBe(INDEX);
  });
});
