import { defineConfig } from 'vitest/config';

// One runner for every workspace; e2e has its own config, and the benches themselves run as scripts.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', environment: 'node', include: ['src/**/*.test.ts'] } },
      { test: { name: 'contracts', root: 'packages/contracts', environment: 'node', include: ['src/**/*.test.ts'] } },
      'apps/server/vitest.config.ts',
      'apps/server/vitest.fresh-modules.config.ts',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.fresh-modules.config.ts',
      // The benches' own helpers that a wrong answer would silently skew (bench/lib/*.test.ts).
      { test: { name: 'bench', root: 'bench', environment: 'node', include: ['lib/**/*.test.ts'] } },
      // Checks over the repository's own files (scripts/*.test.ts).
      { test: { name: 'repo', root: 'scripts', environment: 'node', include: ['*.test.ts'] } },
    ],
  },
});
