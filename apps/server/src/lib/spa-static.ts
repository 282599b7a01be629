import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import {
  ORIGIN_PLACEHOLDER,
  parsePublicPath,
  PRERENDERED_LANGUAGES,
  prerenderedFile,
  PUBLIC_PAGES,
} from '@peakwise/contracts/public-pages';
import type { AppEnv } from './create-router';

// Vite fingerprints everything under /assets, so those files can be cached for good.
const IMMUTABLE = 'public, max-age=31536000, immutable';
// index.html names the current asset hashes; browsers must revalidate it on every load.
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';
// The service worker and the manifest name the current build too: a stale copy would keep an old
// app shell for an hour (docs/decisions/061-installable-offline-app.md).
const REVALIDATED_FILES = new Set(['/sw.js', '/manifest.webmanifest']);

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');
const noop = async () => {};

/** The built SPA as read at start-up; `scriptHashes` go into the CSP's script-src. */
export type BuiltSpa = {
  root: string;
  /** Prerendered public pages by `${language} ${page}`, as served. */
  pages: Map<string, string>;
  /** `'sha256-…'` of each inline script the prerendered pages carry, as served. */
  scriptHashes: string[];
};

/**
 * The public pages the build prerendered (docs/decisions/053-prerendered-public-pages.md), read
 * once, with their canonical and alternate links made absolute from PUBLIC_URL. A build without
 * them (an older dist) still works: those paths then get the SPA shell like any other.
 */
function loadPrerendered(root: string, publicUrl: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const language of PRERENDERED_LANGUAGES) {
    for (const page of PUBLIC_PAGES) {
      const file = join(root, prerenderedFile(page, language));
      if (!existsSync(file)) continue;
      pages.set(`${language} ${page}`, readFileSync(file, 'utf8').replaceAll(ORIGIN_PLACEHOLDER, publicUrl));
    }
  }
  return pages;
}

/**
 * The CSP hash source of every inline script (a bare `<script>`, as the build writes its
 * paint-first loader) in a page. Hashed here, from the text the server sends, rather than
 * written down by the build: the two cannot disagree, whatever edits the HTML after the build
 * (decision 070).
 */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, text]) => `'sha256-${createHash('sha256').update(text!, 'utf8').digest('base64')}'`);
}

/** Reads the build once at start-up; nothing when there is no build (the API runs on its own). */
export function loadSpa(root: string, options: { publicUrl: string }): BuiltSpa | undefined {
  if (!existsSync(join(root, 'index.html'))) return undefined;
  const pages = loadPrerendered(root, options.publicUrl);
  const scriptHashes = [...new Set([...pages.values()].flatMap(inlineScriptHashes))];
  return { root, pages, scriptHashes };
}

/**
 * Serves the built SPA: the prerendered public pages, real files, then index.html for any other
 * GET outside /api so client-side routes (/app/rewards) load and the SPA handles unknown paths.
 */
export function serveSpa(app: Hono<AppEnv>, spa: BuiltSpa): void {
  const { root, pages: prerendered } = spa;
  const indexPath = join(root, 'index.html');
  const files = serveStatic<AppEnv>({ root });
  const index = serveStatic<AppEnv>({ path: indexPath });

  app.get('*', async (c, next) => {
    const path = c.req.path;
    if (isApiPath(path)) return next();
    // Source maps would hand anyone the app's source; they stay on the build machine.
    if (path.endsWith('.map')) return next();

    const publicPage = parsePublicPath(path);
    const html = publicPage && prerendered.get(`${publicPage.language} ${publicPage.page}`);
    if (html) return c.html(html, 200, { 'Cache-Control': REVALIDATE });

    const file = await files(c, noop);
    if (file) {
      const isHtml = file.headers.get('content-type')?.startsWith('text/html') ?? false;
      file.headers.set('Cache-Control', path.startsWith('/assets/') ? IMMUTABLE : isHtml || REVALIDATED_FILES.has(path) ? REVALIDATE : SHORT);
      return file;
    }
    // A missing hashed asset is a real 404, not an HTML page the browser would try to run.
    if (path.startsWith('/assets/')) return next();

    const page = await index(c, noop);
    if (!page) return next();
    page.headers.set('Cache-Control', REVALIDATE);
    return page;
  });
}
