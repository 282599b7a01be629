import { defineConfig } from 'vitest/config';
import { FRESH_MODULE_TESTS, serverTestBase } from './vitest.base.ts';

export default defineConfig({
  test: {
    ...serverTestBase.test,
    name: 'server',
    include: ['src/**/*.test.ts'],
    // Tests that start a Mosquitto or a NATS Server of their own (*.mosquitto.test.ts,
    // *.nats.test.ts) run with the PostgreSQL suite, which needs the brokers anyway, so
    // `npm test` needs nothing but Node and openssl. *.postgres.test.ts prove what only PostgreSQL
    // has (parallel sessions on a large table); *.replica.test.ts start a primary and a streaming
    // replica from PostgreSQL's own programs: both run with the PostgreSQL suite.
    exclude: [
      ...FRESH_MODULE_TESTS,
      ...(process.env.TEST_MQTT_URL ? [] : ['src/**/*.mosquitto.test.ts', 'src/**/*.nats.test.ts']),
      ...(process.env.TEST_DATABASE_URL ? [] : ['src/**/*.postgres.test.ts', 'src/**/*.replica.test.ts']),
    ],
    // Loading the whole app once per worker instead of once per file (decision 093). Each file
    // still gets its own database, app and broker from src/test/.
    isolate: false,
  },
});
