import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { peakwisePwa } from './scripts/pwa-plugin.mjs';

// Tiny shared chunks (an icon, a button style, a formatter) are copied into the chunks that use
// them instead of each costing its own request: the Dashboard's first load was 62 scripts, a
// third of them under 300 bytes of code (docs/decisions/058-dashboard-javascript-budget.md).
// Only stateless modules may be copied: a library (a copy would be a second instance of its state),
// or a module holding state at module level, keeps one chunk of its own.
const lucideIcon = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;
// Two of zod's modules are a handful of stateless wrappers (z.iso.*, z.coerce.*) that became
// chunks of their own: under 300 bytes each, a request each on the Dashboard (decision 068).
const zodWrappers = /node_modules[\\/]zod[\\/]v4[\\/]classic[\\/](iso|coerce)\.js$/;
const moduleState = /[\\/]src[\\/](components[\\/]ui[\\/](use-modal-focus|page-scroll-lock)|lib[\\/]time-zone|lib[\\/]live|lib[\\/]session-events|lib[\\/]offline-data|lib[\\/]offline-status)\.tsx?$/;
const inlineSmallChunks = {
  maxSize: 6 * 1024,
  exclude: (id: string) => (id.includes('node_modules') && !lucideIcon.test(id) && !zodWrappers.test(id)) || moduleState.test(id),
};

// The session and the offline data it keeps in step are one chunk: every portal screen uses both,
// but a screen that reaches the offline data only through the API client (most of Settings'
// sections) would otherwise split them into two requests on the Dashboard (decision 086).
const sessionChunk = { name: 'session', test: /[\\/]src[\\/]lib[\\/](session|session-events|session-renewal|offline-data)\.tsx?$/ };

// What main.tsx imports in stages, one task each (decision 118), stays in the entry's chunk with
// everything it imports, as when main.tsx imported it all at once: the stages then cost no request
// (and no script more on the Dashboard's budget), only a task each.
const entryStages = {
  name: 'web',
  test: /[\\/](src[\\/](main\.tsx|lib[\\/](i18n|offline-status)\.ts|app[\\/](app|router)\.tsx)|node_modules[\\/](react|react-dom|react-i18next)[\\/])/,
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // ---- PWA (docs/decisions/061-installable-offline-app.md): builds dist/sw.js, the one service
    // worker, with the client build's files as its precache list. Nothing else here depends on it.
    peakwisePwa({ entry: fileURLToPath(new URL('./src/pwa/service-worker.ts', import.meta.url)) }),
    // ---- end PWA
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
  // Maps are written for whoever runs the build (stack traces from the log) but not linked from
  // the bundles, and the server never serves them.
  // Modules run in import order even across chunks: main.tsx's first import (zod-jitless) must
  // configure zod before any contract module builds a schema, or zod's eval probe trips the CSP.
  build: {
    outDir: 'dist',
    sourcemap: 'hidden',
    target: 'es2022',
    // The budget check (scripts/check-bundle-budget.mjs) reads the manifest.
    manifest: !isSsrBuild,
    rolldownOptions: {
      // The server bundle's exports are read by scripts/prerender.mjs; the browser's entry exports nothing.
      ...(isSsrBuild ? {} : { preserveEntrySignatures: false as const }),
      output: { strictExecutionOrder: true, ...(isSsrBuild ? {} : { codeSplitting: { experimentalInlineCommonChunks: inlineSmallChunks, groups: [sessionChunk, entryStages] } }) },
    },
  },
}));
