import { Hono } from 'hono';
import type { AppEnv } from '../../lib/create-router';

/** The public pages a search engine may index; the portal, the console and the API are private. */
export const PUBLIC_PAGES = ['/', '/how-it-works', '/help'] as const;
const PRIVATE_PREFIXES = ['/app/', '/ops/', '/api/'] as const;

const xmlEscape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * `/robots.txt` and `/sitemap.xml` as what they are: plain text and XML, with absolute URLs from
 * PUBLIC_URL. Without them the SPA answered both with its HTML shell.
 */
export function createCrawlerRoutes(deps: { publicUrl: string }) {
  const robots = ['User-agent: *', ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`), 'Allow: /', '', `Sitemap: ${deps.publicUrl}/sitemap.xml`, ''].join('\n');
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGES.map((path) => `  <url><loc>${xmlEscape(deps.publicUrl + path)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  const cache = { 'Cache-Control': 'public, max-age=3600' };

  return new Hono<AppEnv>()
    .get('/robots.txt', (c) => c.body(robots, 200, { ...cache, 'Content-Type': 'text/plain; charset=utf-8' }))
    .get('/sitemap.xml', (c) => c.body(sitemap, 200, { ...cache, 'Content-Type': 'application/xml; charset=utf-8' }));
}
