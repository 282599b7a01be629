import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from '../../apps/server/src/app';
import type { Database } from '../../apps/server/src/db/client';
import type { ReadDb } from '../../apps/server/src/db/replica-reads';
import { loadConfig } from '../../apps/server/src/lib/config';
import { createLogger } from '../../apps/server/src/lib/logger';
import { createAccounts } from '../../apps/server/src/modules/auth/accounts';
import { createLiveHub } from '../../apps/server/src/modules/live/live-hub';

export type BenchServer = { url: string; origin: string; close(): Promise<void> };

/**
 * The real app (same createApp as main.ts) on a real port, in this process, on the given
 * PostgreSQL database. Logging is off so the numbers measure the request path, not pino.
 */
export async function startServer(database: Database, options: { webDistDir?: string; port?: number; reads?: ReadDb } = {}): Promise<BenchServer> {
  // With a fixed port the site's own origin is PUBLIC_URL, as a browser-driven bench needs.
  const origin = options.port ? `http://127.0.0.1:${options.port}` : 'http://localhost:3000';
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: origin,
    DEMO_ACCOUNT: 'false',
    AUTH_RATE_LIMIT_SIGN_IN: '100000',
    AUTH_RATE_LIMIT_SIGN_UP: '100000',
  });
  const logger = createLogger({ level: 'silent' });
  const accounts = createAccounts({ config, database, logger });
  const liveHub = createLiveHub(database, logger);
  const app = createApp({ config, database, logger, accounts, liveHub, webDistDir: options.webDistDir, ...(options.reads ? { reads: options.reads } : {}) });
  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: '127.0.0.1' }, () => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    origin,
    close: async () => {
      await liveHub.close().catch(() => {});
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      await accounts.mailer.settle().catch(() => {});
      accounts.mailer.close();
    },
  };
}
