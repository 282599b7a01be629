import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('crawler files', () => {
  it('robots.txt is plain text that keeps crawlers out of the portal, console and API and names the sitemap', async () => {
    const res = await t.app.request('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = (await res.text()).split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Disallow: /app/', 'Disallow: /ops/', 'Disallow: /api/']));
    const sitemap = lines.find((l) => l.startsWith('Sitemap: '));
    expect(sitemap).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/);
  });

  it('sitemap.xml is XML listing the three public pages in English and French by absolute URL', async () => {
    const res = await t.app.request('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const body = await res.text();
    expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(locs).toEqual(['/', '/how-it-works', '/help', '/fr', '/fr/how-it-works', '/fr/help']);
  });

  it('each sitemap entry names its English, French and default alternates', async () => {
    const body = await (await t.app.request('/sitemap.xml')).text();
    const entries = [...body.matchAll(/<url>(.*?)<\/url>/g)].map((m) => m[1]!);
    const alternates = (entry: string) =>
      Object.fromEntries([...entry.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1]!, new URL(m[2]!).pathname]));
    expect(alternates(entries[1]!)).toEqual({ en: '/how-it-works', fr: '/fr/how-it-works', 'x-default': '/how-it-works' });
    expect(alternates(entries[3]!)).toEqual({ en: '/', fr: '/fr', 'x-default': '/' });
  });
});
