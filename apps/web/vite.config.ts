import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { peakwisePwa } from './scripts/pwa-plugin.mjs';

export default defineConfig({
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
  build: { outDir: 'dist', sourcemap: 'hidden', target: 'es2022', rolldownOptions: { output: { strictExecutionOrder: true } } },
});
