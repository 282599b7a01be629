import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './create-router';

// Vite fingerprints everything under /assets, so those files can be cached for good.
const IMMUTABLE = 'public, max-age=31536000, immutable';
// index.html names the current asset hashes; browsers must revalidate it on every load.
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';

function cacheControlFor(path: string, root: string): string {
  if (path.startsWith(join(root, 'assets') + sep)) return IMMUTABLE;
  if (path.endsWith('.html')) return REVALIDATE;
  return SHORT;
}

/**
 * Serves the built SPA: real files first, then index.html for any other GET outside /api so
 * client-side routes (/app/rewards, /how-it-works) load and the SPA handles unknown paths.
 */
export function serveSpa(app: Hono<AppEnv>, root: string): void {
  const indexPath = join(root, 'index.html');
  if (!existsSync(indexPath)) return;

  app.get(
    '*',
    serveStatic({
      root,
      onFound: (path, c) => {
        c.header('Cache-Control', cacheControlFor(path, root));
      },
    }),
  );
  app.get('*', async (c, next) => {
    // A missing hashed asset is a real 404, not an HTML page the browser would try to run.
    if (c.req.path.startsWith('/api/') || c.req.path === '/api' || c.req.path.startsWith('/assets/')) return next();
    return serveStatic({
      path: indexPath,
      onFound: (_path, ctx) => {
        ctx.header('Cache-Control', REVALIDATE);
      },
    })(c, next);
  });
}
