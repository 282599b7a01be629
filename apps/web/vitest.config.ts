import { defineConfig } from 'vitest/config';
import { FRESH_MODULE_TESTS, webTestBase } from './vitest.base.ts';

export default defineConfig({
  ...webTestBase,
  test: {
    ...webTestBase.test,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: FRESH_MODULE_TESTS,
    // A jsdom, the setup's English catalogue and the app's modules once per worker instead of once
    // per file took most of this project's time (decision 093); src/test/setup.ts resets what a
    // file may leave behind.
    isolate: false,
  },
});
