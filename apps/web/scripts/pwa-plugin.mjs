// The service worker's build (docs/decisions/061-installable-offline-app.md). After the client
// build has written its files, the worker (src/pwa/service-worker.ts) is bundled on its own into
// one classic script, dist/sw.js, with the list of files to precache and that list's hash (the
// shell cache's version) written into it. Not for the SSR build; not in the dev server.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { build } from 'vite';

/** Files under public/ the worker keeps too (the manifest, its icons, the favicon). */
function publicFiles(dir) {
  const found = [];
  const walk = (at) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else found.push('/' + relative(dir, path).split(sep).join('/'));
    }
  };
  walk(dir);
  return found;
}

/** @param {{ entry: string }} options */
export function peakwisePwa({ entry }) {
  /** @type {string} */ let outDir = '';
  /** @type {string} */ let publicDir = '';
  let ssr = false;
  /** @type {string[]} */ let built = [];
  return {
    name: 'peakwise-pwa',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      publicDir = config.publicDir;
      ssr = Boolean(config.build.ssr);
    },
    writeBundle(_options, bundle) {
      if (ssr) return;
      // Source maps stay on the build machine (the server never serves them).
      built = Object.keys(bundle).filter((file) => !file.endsWith('.map') && !file.startsWith('.vite/'));
    },
    async closeBundle() {
      if (ssr) return;
      // index.html is the shell every page opens from offline; it must be there whatever the bundle lists.
      const precache = [...new Set(['/index.html', ...built.map((file) => '/' + file), ...(publicDir ? publicFiles(publicDir) : [])])].sort();
      const hash = createHash('sha256').update(JSON.stringify(precache)).update(readFileSync(join(outDir, 'index.html')));
      const version = hash.digest('hex').slice(0, 12);
      const result = await build({
        configFile: false,
        publicDir: false,
        logLevel: 'warn',
        define: {
          __PEAKWISE_PRECACHE__: JSON.stringify(precache),
          __PEAKWISE_SHELL_VERSION__: JSON.stringify(version),
        },
        build: {
          write: false,
          minify: true,
          target: 'es2022',
          lib: { entry, formats: ['iife'], name: 'peakwiseWorker', fileName: () => 'sw.js' },
        },
      });
      const outputs = Array.isArray(result) ? result : [result];
      const chunk = outputs.flatMap((output) => ('output' in output ? output.output : [])).find((file) => file.type === 'chunk');
      if (!chunk || chunk.type !== 'chunk') throw new Error('The service worker build produced no script');
      writeFileSync(join(outDir, 'sw.js'), chunk.code);
    },
  };
}
