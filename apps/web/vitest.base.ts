import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { ViteUserConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Tests that must start from modules no other file has used, so they run isolated: the one about
 * what i18n holds at start, and every file that replaces a module with vi.mock (a module another
 * file already loaded would stay the real one).
 */
export const FRESH_MODULE_TESTS = [
  'src/lib/i18n.test.ts',
  ...readdirSync(`${root}src`, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.(do)?mock\(/.test(readFileSync(`${root}src/${file}`, 'utf8')))
    .map((file) => `src/${file.split('\\').join('/')}`),
];

/** What both web test projects share: React, the `@` alias, jsdom and the setup file. */
export const webTestBase = {
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // A user-event journey through a page in jsdom takes 1–4 s on a 2-core host running the server's
  // suite beside it, over vitest's 5 s default once in a while; the limit only catches a hang.
  test: { environment: 'jsdom', setupFiles: ['./src/test/setup.ts'], testTimeout: 15_000 },
} satisfies ViteUserConfig;
