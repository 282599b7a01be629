import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ViteUserConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Tests that replace a module with vi.mock run isolated: a module another file had already
 * loaded in the same worker would stay the real one (decision 093).
 */
export const FRESH_MODULE_TESTS = readdirSync(`${root}src`, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.ts$/.test(file) && /\bvi\.(do)?mock\(/.test(readFileSync(`${root}src/${file}`, 'utf8')))
  .map((file) => `src/${file.split('\\').join('/')}`);

/** What both server test projects share: Node, generous timeouts, one migrated PGlite to copy. */
export const serverTestBase = {
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['./src/test/global-setup.ts'],
    // Handed to src/test/test-database.ts and src/test/test-broker.ts through inject(), so only config files read the env.
    provide: { testDatabaseUrl: process.env.TEST_DATABASE_URL ?? '', testMqttUrl: process.env.TEST_MQTT_URL ?? '' },
  },
} satisfies ViteUserConfig;
