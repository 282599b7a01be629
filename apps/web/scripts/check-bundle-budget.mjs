// After the build: the signed-in Dashboard's first-load JavaScript against its budget, in English,
// French and Spanish (docs/decisions/058-dashboard-javascript-budget.md, and 086 for the other
// languages). Fails the build when one of them is over.
//
// Measured as the bench's Lighthouse run measures it (bench/lighthouse.bench.ts: script transfer
// size): every script the page loads before it is drawn, gzip-compressed as the server sends
// them (hono's compress, gzip at zlib's default level), plus each response's headers, which on
// this server are about 1 kB a script (the security headers, CSP first among them). The scripts
// are read from vite's manifest: the entry's static imports, then the route modules the Dashboard
// loads (the portal shell, the page, the session keeper) with their static imports, and the
// language's chunks of the namespaces the router lists for the shell and the page.
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
const namespaceFiles = Object.fromEntries(['en', 'fr', 'es'].map((language) => [language, readFileSync(join(webRoot, 'src', 'locales', `${language}-namespaces.ts`), 'utf8')]));

/** The namespaces router.tsx lists for a screen module (`lazyScreen(() => import('@/…'), [...])`). */
function screenNamespaces(module) {
  const match = new RegExp(`lazyScreen\\(\\(\\) => import\\('@/${module}'\\), \\[([^\\]]*)\\]\\)`).exec(router);
  if (!match) throw new Error(`router.tsx loads no screen ${module}: update scripts/check-bundle-budget.mjs`);
  return [...match[1].matchAll(/'([A-Za-z]+)'/g)].map((m) => m[1]);
}

/** The source file of a namespace in a language, as locales/<language>-namespaces.ts imports it. */
function namespaceSource(language, namespace) {
  const match = new RegExp(`\\b${namespace}: \\(\\) => import\\('\\./([^']+)'\\)`).exec(namespaceFiles[language]);
  if (!match) throw new Error(`No namespace ${namespace} in locales/${language}-namespaces.ts`);
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

const LANGUAGES = ['en', 'fr', 'es'];
const screenNamespaceList = [...screenNamespaces('app/shell/guarded-shell'), ...screenNamespaces('features/dashboard/dashboard-page')];

/** The strings a member reading in `language` fetches for the Dashboard: the namespaces the router
 * lists for the shell and the page, and, but in English (bundled), `common`, which a portal page
 * starts with (locales/languages.ts). French and Spanish do not fall back on English (lib/i18n.ts). */
function stringRoots(language) {
  const namespaces = language === 'en' ? screenNamespaceList : ['common', ...screenNamespaceList];
  return namespaces.map((namespace) => namespaceSource(language, namespace));
}

/** The scripts the Dashboard loads in one language, each gzipped with its headers. */
function measure(language) {
  const roots = ['index.html', 'src/lib/session-keeper.tsx', 'src/app/shell/guarded-shell.tsx', 'src/features/dashboard/dashboard-page.tsx', ...stringRoots(language)];
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
  return { sizes, totalKb: sizes.reduce((sum, { bytes }) => sum + bytes, 0) / 1000 };
}

// Every language: a member reading French fetches French strings on top of the same code, so a
// budget checked in English alone let the French Dashboard reach 281 kB (issue 29).
const verbose = process.argv.includes('--list');
let over = false;
for (const language of LANGUAGES) {
  const { sizes, totalKb } = measure(language);
  if (verbose) for (const { file, bytes } of sizes.sort((a, b) => b.bytes - a.bytes)) console.log(`${(bytes / 1000).toFixed(1).padStart(7)} kB  ${file}`);
  const line = `Dashboard first-load JavaScript (${language}): ${totalKb.toFixed(1)} kB in ${sizes.length} scripts (gzip + headers), budget ${BUDGET_KB} kB`;
  if (totalKb > BUDGET_KB) {
    over = true;
    console.error(`${line}: OVER. Run node scripts/check-bundle-budget.mjs --list to see the scripts.`);
  } else console.log(`${line}: ok`);
}
if (over) process.exit(1);
