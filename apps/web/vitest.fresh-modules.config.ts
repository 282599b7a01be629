import { defineConfig } from 'vitest/config';
import { FRESH_MODULE_TESTS, webTestBase } from './vitest.base.ts';

// The few web tests about module start-up state (what i18n bundles before anything asks), isolated.
export default defineConfig({
  ...webTestBase,
  test: { ...webTestBase.test, name: 'web-fresh-modules', include: FRESH_MODULE_TESTS },
});
