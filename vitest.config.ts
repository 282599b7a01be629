import { defineConfig } from 'vitest/config';

// One runner for every workspace; e2e and bench have their own configs.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', environment: 'node', include: ['src/**/*.test.ts'] } },
      { test: { name: 'contracts', root: 'packages/contracts', environment: 'node', include: ['src/**/*.test.ts'] } },
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
      // Checks over the repository's own files (scripts/*.test.ts).
      { test: { name: 'repo', root: 'scripts', environment: 'node', include: ['*.test.ts'] } },
    ],
  },
});
