import { defineConfig } from 'vitest/config';

// The ASVS checks (decision 067): one production-mode server process for the whole file, over HTTP.
export default defineConfig({
  test: {
    name: 'asvs',
    root: import.meta.dirname,
    include: ['*.asvs.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
