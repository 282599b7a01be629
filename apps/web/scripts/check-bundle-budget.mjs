// After the build: the signed-in Dashboard's first-load JavaScript against its budget, in English,
// French and Spanish (docs/decisions/058-dashboard-javascript-budget.md, and 086 for the other
// languages). Fails the build when one of them is over.
//
// Measured as the bench's Lighthouse run measures it (bench/lighthouse.bench.ts: the transfer size
// of every script a new member's Dashboard loads): each script gzip-compressed as the server
// sends it (hono's compress, gzip at zlib's default level, and only from 1,024 bytes: a smaller
// one goes as it is), plus its response's headers (1,064 bytes compressed, 1,016 not, on this
// server: the security headers, CSP first among them). The scripts are read from vite's manifest:
// the entry's static imports, then the route modules the Dashboard loads (the portal shell, the
// page, the session keeper) with their static imports, the language's chunks of the namespaces
// the router lists for the shell and the page, and the first-steps checklist with its strings,
// which a new member's Dashboard waits for (features/dashboard/components/first-steps-slot.tsx).
// Leaving the checklist out, and counting 1 kB of headers and gzip for every script, made this
// count 13 kB under Lighthouse's (decision 106).
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 250;
// Measured on a Lighthouse run's scripts (2026-11-29): transfer size less the body.
const HEADERS_COMPRESSED_BYTES = 1064;
const HEADERS_AS_IS_BYTES = 1016;
// hono/compress's default threshold: a smaller answer is sent uncompressed.
const COMPRESS_FROM_BYTES = 1024;

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
const firstStepsSlot = readFileSync(join(webRoot, 'src', 'features', 'dashboard', 'components', 'first-steps-slot.tsx'), 'utf8');
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

/** What the first-steps slot loads for a new member: the checklist's module and its namespaces. */
function firstStepsParts() {
  const match = /import\('\.\/([a-z-]+)'\), loadNamespaces\(\[([^\]]*)\]\)/.exec(firstStepsSlot);
  if (!match) throw new Error('first-steps-slot.tsx no longer loads the checklist as this script reads it: update scripts/check-bundle-budget.mjs');
  return { module: `src/features/dashboard/components/${match[1]}.tsx`, namespaces: [...match[2].matchAll(/'([A-Za-z]+)'/g)].map((m) => m[1]) };
}

const LANGUAGES = ['en', 'fr', 'es'];
const firstSteps = firstStepsParts();
const screenNamespaceList = [...screenNamespaces('app/shell/guarded-shell'), ...screenNamespaces('features/dashboard/dashboard-page'), ...firstSteps.namespaces];

/** The strings a member reading in `language` fetches for the Dashboard: the namespaces the router
 * lists for the shell and the page, the first-steps checklist's, and, but in English (bundled), `common`, which a portal page
 * starts with (locales/languages.ts). French and Spanish do not fall back on English (lib/i18n.ts). */
function stringRoots(language) {
  const namespaces = language === 'en' ? screenNamespaceList : ['common', ...screenNamespaceList];
  return namespaces.map((namespace) => namespaceSource(language, namespace));
}

/** The scripts the Dashboard loads in one language, each gzipped with its headers. */
function measure(language) {
  const roots = ['index.html', 'src/lib/session-keeper.tsx', 'src/app/shell/guarded-shell.tsx', 'src/features/dashboard/dashboard-page.tsx', firstSteps.module, ...stringRoots(language)];
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  roots.map(manifestKey).forEach(visit);
  const sizes = [...files].map((file) => {
    const body = readFileSync(join(dist, file));
    const bytes = body.length < COMPRESS_FROM_BYTES ? body.length + HEADERS_AS_IS_BYTES : gzipSync(body).length + HEADERS_COMPRESSED_BYTES;
    return { file, bytes };
  });
  return { sizes, totalKb: sizes.reduce((sum, { bytes }) => sum + bytes, 0) / 1000 };
}

// Every language: a member reading French fetches French strings on top of the same code, so a
// budget checked in English alone let the French Dashboard reach 281 kB (issue 29).
const verbose = process.argv.includes('--list');
let over = false;
for (const language of LANGUAGES) {
  const { sizes, totalKb } = measure(language);
  if (verbose) for (const { file, bytes } of sizes.sort((a, b) => b.bytes - a.bytes)) console.log(`${(bytes / 1000).toFixed(1).padStart(7)} kB  ${file}`);
  const line = `Dashboard first-load JavaScript, a new member (${language}): ${totalKb.toFixed(1)} kB in ${sizes.length} scripts (as sent, with headers), budget ${BUDGET_KB} kB`;
  if (totalKb > BUDGET_KB) {
    over = true;
    console.error(`${line}: OVER. Run node scripts/check-bundle-budget.mjs --list to see the scripts.`);
  } else console.log(`${line}: ok`);
}
if (over) process.exit(1);
