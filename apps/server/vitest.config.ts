import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['./src/test/global-setup.ts'],
    // Handed to src/test/test-database.ts and src/test/test-broker.ts through inject(), so only config files read the env.
    provide: { testDatabaseUrl: process.env.TEST_DATABASE_URL ?? '', testMqttUrl: process.env.TEST_MQTT_URL ?? '' },
  },
});
