import { Hono } from 'hono';
import { localizedPath, PRERENDERED_LANGUAGES, PUBLIC_PAGES } from '@peakwise/contracts/public-pages';
import type { AppEnv } from '../../lib/create-router';

// The public pages (in each of their languages) are what a search engine may index; the portal,
// the console and the API are private.
const PRIVATE_PREFIXES = ['/app/', '/ops/', '/api/'] as const;

const xmlEscape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * `/robots.txt` and `/sitemap.xml` as what they are: plain text and XML, with absolute URLs from
 * PUBLIC_URL. Without them the SPA answered both with its HTML shell.
 */
export function createCrawlerRoutes(deps: { publicUrl: string }) {
  const absolute = (path: string) => xmlEscape(deps.publicUrl + path);
  // Every language's URL names all of them, itself included, as Google asks of hreflang sets.
  const sitemapEntry = (page: (typeof PUBLIC_PAGES)[number], language: (typeof PRERENDERED_LANGUAGES)[number]) =>
    [
      `  <url><loc>${absolute(localizedPath(page, language))}</loc>`,
      ...PRERENDERED_LANGUAGES.map((other) => `<xhtml:link rel="alternate" hreflang="${other}" href="${absolute(localizedPath(page, other))}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${absolute(localizedPath(page, 'en'))}"/></url>`,
    ].join('');
  const robots = ['User-agent: *', ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`), 'Allow: /', '', `Sitemap: ${deps.publicUrl}/sitemap.xml`, ''].join('\n');
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...PRERENDERED_LANGUAGES.flatMap((language) => PUBLIC_PAGES.map((page) => sitemapEntry(page, language))),
    '</urlset>',
    '',
  ].join('\n');
  const cache = { 'Cache-Control': 'public, max-age=3600' };

  return new Hono<AppEnv>()
    .get('/robots.txt', (c) => c.body(robots, 200, { ...cache, 'Content-Type': 'text/plain; charset=utf-8' }))
    .get('/sitemap.xml', (c) => c.body(sitemap, 200, { ...cache, 'Content-Type': 'application/xml; charset=utf-8' }));
}
