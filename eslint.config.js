import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Server layers above a given one (decision 028); see the zones below.
const serverLayersAbove = {
  telemetry: ['modules', 'ingest', 'jobs', 'simulator', 'test'],
  modules: ['ingest', 'jobs', 'simulator', 'test'],
  top: ['test'],
};
const serverAbove = (layer) => [
  ...serverLayersAbove[layer].map((dir) => `./apps/server/src/${dir}`),
  './apps/server/src/app.ts',
  './apps/server/src/main.ts',
];

const webFeatures = ['marketing', 'portal', 'help', 'dashboard', 'solar', 'maintenance', 'devices', 'plumbing', 'usage', 'billing', 'rewards', 'settings', 'auth', 'ops', 'events'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-server/**', '**/node_modules/**', 'data/**', 'e2e/artifacts/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': {
        typescript: { project: ['apps/web/tsconfig.json', 'apps/server/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'] },
      },
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Only the config module reads the environment (docs/decisions/001-stack-and-layout.md).
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through lib/config.ts.' }],
    },
  },
  {
    files: ['packages/**/*.ts', 'apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/web/**', '@/*'], message: 'The server and packages never import the web app.' }] }],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      // Pure rules: no I/O, no framework, no server or web code (docs/decisions/001-stack-and-layout.md).
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['node:*', 'fs', 'net', 'http', 'https', 'pg', '@electric-sql/*', 'drizzle-orm*', 'hono*', 'react*', 'mqtt', 'aedes'], message: 'packages/domain does no I/O.' },
          { group: ['@peakwise/contracts/*', '**/apps/**'], message: 'domain depends on nothing in this repo.' },
        ],
      }],
    },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/**', 'node:*', 'pg', 'drizzle-orm*'], message: 'contracts are plain schemas.' }] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ group: ['@peakwise/server', '@peakwise/server/*', '**/apps/server/**'], allowTypeImports: true, message: 'The web app only imports the API type from the server.' }] }],
      'import/no-restricted-paths': ['error', {
        zones: [
          // Features never import each other.
          ...webFeatures.map((f) => ({
            target: `./apps/web/src/features/${f}`,
            from: './apps/web/src/features',
            except: [`./${f}`],
            message: 'Features never import each other; move shared code to components/ or lib/.',
          })),
          // Shared code never imports features or the app layer.
          { target: ['./apps/web/src/components', './apps/web/src/lib'], from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/marketing'], message: 'Shared code must not depend on features or the app.' },
          { target: './apps/web/src/features', from: ['./apps/web/src/app', './apps/web/src/marketing'], message: 'Features must not depend on the app layer.' },
          { target: './apps/web/src/marketing', from: './apps/web/src/app', message: 'The public site must not depend on the app layer.' },
        ],
      }],
    },
  },
  {
    // The server's layers (docs/decisions/028-server-layers.md), bottom up: db/ and lib/;
    // telemetry/; modules/; ingest/, jobs/ and simulator/; app.ts and main.ts. Each imports only
    // from the layers below it. Tests and test helpers wire whole apps together and are exempt.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-helper.ts', 'apps/server/src/test/**'],
    rules: {
      'import/no-restricted-paths': ['error', {
        zones: [
          {
            target: ['./apps/server/src/db', './apps/server/src/lib'],
            from: [...serverAbove('telemetry'), './apps/server/src/telemetry'],
            message: 'db/ and lib/ are the bottom layer: they never import telemetry, modules, ingest, jobs, the simulator or the app (decision 028).',
          },
          {
            target: './apps/server/src/telemetry',
            from: serverAbove('telemetry'),
            message: 'telemetry/ sits below the modules: it never imports modules, ingest, jobs, the simulator or the app (decision 028).',
          },
          {
            target: './apps/server/src/modules',
            from: serverAbove('modules'),
            message: 'modules/ never import ingest, jobs, the simulator or the app; move what they share down to telemetry/, lib/ or db/ (decision 028).',
          },
          {
            target: ['./apps/server/src/ingest', './apps/server/src/jobs', './apps/server/src/simulator'],
            from: serverAbove('top'),
            message: 'ingest/, jobs/ and simulator/ never import the app or main (decision 028).',
          },
        ],
      }],
    },
  },
  {
    files: ['apps/server/src/lib/config.ts', '**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.{ts,mjs}', 'scripts/**/*.mjs', '**/vitest.*.ts', '**/vite.config.ts', '**/drizzle.config.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
