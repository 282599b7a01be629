import { defineConfig } from 'vitest/config';
import { FRESH_MODULE_TESTS, serverTestBase } from './vitest.base.ts';

export default defineConfig({
  test: {
    ...serverTestBase.test,
    name: 'server',
    include: ['src/**/*.test.ts'],
    // Tests that start a Mosquitto or a NATS Server of their own (*.mosquitto.test.ts,
    // *.nats.test.ts) run with the PostgreSQL suite, which needs the brokers anyway, so
    // `npm test` needs nothing but Node and openssl. A replica (*.replica.test.ts) is a copy of
    // that suite's PostgreSQL cluster, so it runs there too.
    exclude: [
      ...FRESH_MODULE_TESTS,
      ...(process.env.TEST_MQTT_URL ? [] : ['src/**/*.mosquitto.test.ts', 'src/**/*.nats.test.ts']),
      ...(process.env.TEST_DATABASE_URL ? [] : ['src/**/*.replica.test.ts']),
    ],
    // Loading the whole app once per worker instead of once per file (decision 093). Each file
    // still gets its own database, app and broker from src/test/.
    isolate: false,
  },
});
