import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every workspace; e2e has its own config, and the benches themselves run as scripts.
export default defineConfig({
  test: {
    // One test file per core. Vitest's default keeps a core for itself (cores − 1), which on a
    // 2-core machine ran every file one after another; its own process is mostly idle while the
    // workers run (docs/decisions/093-a-faster-npm-test.md). The PostgreSQL suite keeps one
    // worker: its Mosquitto tests share the broker's dynamic-security state.
    maxWorkers: availableParallelism(),
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
