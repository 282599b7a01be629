import { createApp } from '../app';
import type { Database } from '../db/client';
import { loadConfig, type Config } from '../lib/config';
import { createTestDatabase } from './test-database';

export type TestApp = {
  app: ReturnType<typeof createApp>;
  database: Database;
  config: Config;
  close(): Promise<void>;
};

/**
 * The whole app in-process on a fresh test database. `env` goes through the real config
 * loader so tests exercise the same parsing as production.
 */
export async function createTestApp(
  options: { env?: Record<string, string>; database?: Database; broker?: { isConnected(): boolean }; webDistDir?: string } = {},
): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env });
  const ownsDatabase = options.database === undefined;
  const database = options.database ?? (await createTestDatabase());
  const app = createApp({
    config,
    database,
    ...(options.broker ? { broker: options.broker } : {}),
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
  });
  return {
    app,
    database,
    config,
    close: async () => {
      if (ownsDatabase) await database.close();
    },
  };
}
