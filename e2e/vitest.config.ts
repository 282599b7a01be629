import { defineConfig } from 'vitest/config';

// Browser journeys against the real server (built SPA, API, embedded database and broker).
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['journeys/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A journey polls a real browser against a real server whose screens answer once their
    // slowest query is in; vitest's 1 s default for expect.poll suits unit tests, not this.
    // A poll that waits for a wrong value still fails, only later.
    expect: { poll: { timeout: 15_000 } },
  },
});
