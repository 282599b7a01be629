import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './create-router';

// Vite fingerprints everything under /assets, so those files can be cached for good.
const IMMUTABLE = 'public, max-age=31536000, immutable';
// index.html names the current asset hashes; browsers must revalidate it on every load.
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');
const noop = async () => {};

/**
 * Serves the built SPA: real files first, then index.html for any other GET outside /api so
 * client-side routes (/app/rewards, /how-it-works) load and the SPA handles unknown paths.
 */
export function serveSpa(app: Hono<AppEnv>, root: string): void {
  const indexPath = join(root, 'index.html');
  if (!existsSync(indexPath)) return;
  const files = serveStatic<AppEnv>({ root });
  const index = serveStatic<AppEnv>({ path: indexPath });

  app.get('*', async (c, next) => {
    const path = c.req.path;
    if (isApiPath(path)) return next();
    // Source maps would hand anyone the app's source; they stay on the build machine.
    if (path.endsWith('.map')) return next();

    const file = await files(c, noop);
    if (file) {
      const isHtml = file.headers.get('content-type')?.startsWith('text/html') ?? false;
      file.headers.set('Cache-Control', path.startsWith('/assets/') ? IMMUTABLE : isHtml ? REVALIDATE : SHORT);
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
