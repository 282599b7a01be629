import { defineConfig } from 'vitest/config';
import { FRESH_MODULE_TESTS, serverTestBase } from './vitest.base.ts';

// The server tests that replace a module with vi.mock, each in modules of its own.
export default defineConfig({
  test: { ...serverTestBase.test, name: 'server-fresh-modules', include: FRESH_MODULE_TESTS },
});
