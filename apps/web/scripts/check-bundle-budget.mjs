// After the build: the signed-in Dashboard's first-load JavaScript against its budget
// (docs/decisions/058-dashboard-javascript-budget.md). Fails the build when it is over.
//
// Measured as the bench's Lighthouse run measures it (bench/lighthouse.bench.ts: script transfer
// size): every script the page loads before it is drawn, gzip-compressed as the server sends
// them (hono's compress, gzip at zlib's default level), plus each response's headers, which on
// this server are about 1 kB a script (the security headers, CSP first among them). The scripts
// are read from vite's manifest: the entry's static imports, then the route modules the Dashboard
// loads (the portal shell, the page, the session keeper) with their static imports, and the
// English namespaces the router lists for the shell and the page.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 250;
const HEADERS_PER_SCRIPT_BYTES = 1000;

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(webRoot, 'dist');
// vite writes the manifest into dist/, which the server serves; it is moved beside the server
// bundle (also a build output, not served) once read, and read from there on a second run.
const builtManifest = join(dist, '.vite', 'manifest.json');
const keptManifest = join(webRoot, 'dist-server', 'client-manifest.json');
if (existsSync(builtManifest)) {
  mkdirSync(dirname(keptManifest), { recursive: true });
  renameSync(builtManifest, keptManifest);
  rmSync(join(dist, '.vite'), { recursive: true, force: true });
}
if (!existsSync(keptManifest)) throw new Error('No manifest of the client build: run npm run build');
const manifest = JSON.parse(readFileSync(keptManifest, 'utf8'));
const router = readFileSync(join(webRoot, 'src', 'app', 'router.tsx'), 'utf8');
const namespaceFiles = readFileSync(join(webRoot, 'src', 'locales', 'en-namespaces.ts'), 'utf8');

/** The namespaces router.tsx lists for a screen module (`lazyScreen(() => import('@/…'), [...])`). */
function screenNamespaces(module) {
  const match = new RegExp(`lazyScreen\\(\\(\\) => import\\('@/${module}'\\), \\[([^\\]]*)\\]\\)`).exec(router);
  if (!match) throw new Error(`router.tsx loads no screen ${module}: update scripts/check-bundle-budget.mjs`);
  return [...match[1].matchAll(/'([A-Za-z]+)'/g)].map((m) => m[1]);
}

/** The source file of an English namespace, as locales/en-namespaces.ts imports it. */
function namespaceSource(namespace) {
  const match = new RegExp(`\\b${namespace}: \\(\\) => import\\('\\./([^']+)'\\)`).exec(namespaceFiles);
  if (!match) throw new Error(`No English namespace ${namespace} in locales/en-namespaces.ts`);
  return `src/locales/${match[1]}.ts`;
}

/** A module's key in the manifest: its source, or, for a module that is also imported statically
 * (en.ts imports every namespace) and so became a shared chunk, the chunk named after it. */
function manifestKey(source) {
  if (manifest[source]) return source;
  const name = source.replace(/^.*\//, '').replace(/\.tsx?$/, '');
  const key = Object.keys(manifest).find((k) => !manifest[k].src && manifest[k].name === name);
  if (!key) throw new Error(`${source} is not in the build's manifest`);
  return key;
}

const roots = [
  'index.html',
  'src/lib/session-keeper.tsx',
  'src/app/shell/guarded-shell.tsx',
  'src/features/dashboard/dashboard-page.tsx',
  ...[...screenNamespaces('app/shell/guarded-shell'), ...screenNamespaces('features/dashboard/dashboard-page')].map(namespaceSource),
];

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build's manifest`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
roots.map(manifestKey).forEach(visit);

const sizes = [...files].map((file) => ({ file, bytes: gzipSync(readFileSync(join(dist, file))).length + HEADERS_PER_SCRIPT_BYTES }));
const totalKb = sizes.reduce((sum, { bytes }) => sum + bytes, 0) / 1000;
const verbose = process.argv.includes('--list');
if (verbose) for (const { file, bytes } of sizes.sort((a, b) => b.bytes - a.bytes)) console.log(`${(bytes / 1000).toFixed(1).padStart(7)} kB  ${file}`);
const line = `Dashboard first-load JavaScript: ${totalKb.toFixed(1)} kB in ${files.size} scripts (gzip + headers), budget ${BUDGET_KB} kB`;
if (totalKb > BUDGET_KB) {
  console.error(`${line}: OVER. Run node scripts/check-bundle-budget.mjs --list to see the scripts.`);
  process.exit(1);
}
console.log(`${line}: ok`);
