import { defineConfig } from 'vitest/config';
import { FRESH_MODULE_TESTS, serverTestBase } from './vitest.base.ts';

export default defineConfig({
  test: {
    ...serverTestBase.test,
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: FRESH_MODULE_TESTS,
    // Loading the whole app once per worker instead of once per file (decision 093). Each file
    // still gets its own database, app and broker from src/test/.
    isolate: false,
  },
});
