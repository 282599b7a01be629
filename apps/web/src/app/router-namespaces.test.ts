import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { namespaces } from '@/locales/resources';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROUTER = join(SRC, 'app', 'router.tsx');

/**
 * The i18n namespaces a screen's code asks for, found by reading its sources: every module of this
 * app it imports, statically or lazily, and in each `useTranslation(…)`, `{ ns: … }` and
 * `'namespace:key'`. Reading stops at the router (another screen's modules). Left out: what a
 * part of the screen fetches for itself before it shows — the namespaces a module lists in
 * `loadNamespaces([…])`, for the modules it imports lazily (the Dashboard's event card), and a
 * `useTranslation` whose component waits for its `ready` (the first-steps checklist).
 */
function namespacesUsedFrom(entry: string, src = SRC): Set<string> {
  const seen = new Set<string>();
  const used = new Set<string>();
  // Each module with the namespaces fetched for it by whoever imported it lazily.
  const queue: { file: string; fetched: ReadonlySet<string> }[] = [{ file: entry, fetched: new Set() }];
  while (queue.length > 0) {
    const { file, fetched } = queue.pop()!;
    const key = `${file} ${[...fetched].sort().join()}`;
    if (seen.has(key) || file === ROUTER) continue;
    seen.add(key);
    const text = readFileSync(file, 'utf8');
    // A namespace one of this module's components waits for (`const { t, ready } = useTranslation('x')`).
    const awaited = new Set([...text.matchAll(/\{[^}]*\bready\b[^}]*\}\s*=\s*useTranslation\('([A-Za-z]+)'/g)].map((m) => m[1]!));
    const asksFor = (name: string) => {
      if (!fetched.has(name) && !awaited.has(name)) used.add(name);
    };
    for (const [, args = ''] of text.matchAll(/useTranslation\(([^)]*)\)/g)) {
      const names = [...args.matchAll(/'([A-Za-z]+)'/g)].map((m) => m[1]!);
      if (names.length === 0) asksFor('common');
      // The first argument is one namespace or a list of them.
      for (const name of args.trim().startsWith('[') ? names : names.slice(0, 1)) asksFor(name);
    }
    for (const [, name] of text.matchAll(/\bns: '([A-Za-z]+)'/g)) asksFor(name!);
    // A whole 'ns:key' string, but not a quoted object key such as 'usage:read': (an API scope).
    for (const [, name] of text.matchAll(/['`]([A-Za-z]+):[A-Za-z][\w.-]*(?![\w.-])(?!['`]\s*:)/g)) if ((namespaces as string[]).includes(name!)) asksFor(name!);
    const fetchedHere = new Set([...text.matchAll(/\bloadNamespaces\(\[([^\]]*)\]\)/g)].flatMap(([, list = '']) => [...list.matchAll(/'([A-Za-z]+)'/g)].map((m) => m[1]!)));
    for (const [, how, spec = ''] of text.matchAll(/(from |import\()'((?:\.{1,2}|@)\/[^']+)'/g)) {
      const base = spec.startsWith('@/') ? join(src, spec.slice(2)) : resolve(dirname(file), spec);
      const found = ['.tsx', '.ts', '/index.tsx', '/index.ts'].map((ext) => base + ext).find((path) => existsSync(path));
      if (found && !/\.test\.tsx?$/.test(found)) queue.push({ file: found, fetched: how === 'import(' ? new Set([...fetched, ...fetchedHere]) : fetched });
    }
  }
  return used;
}

/** Each screen the router loads with `lazyScreen(() => import('@/…'), [namespaces])`. */
function declaredScreens(): { module: string; declared: string[] }[] {
  const router = readFileSync(ROUTER, 'utf8');
  return [...router.matchAll(/lazyScreen\(\(\) => import\('@\/([^']+)'\), \[([^\]]*)\]\)/g)].map(([, module = '', list = '']) => ({
    module,
    declared: [...list.matchAll(/'([A-Za-z]+)'/g)].map((m) => m[1]!),
  }));
}

const fileOf = (module: string) => ['.tsx', '.ts'].map((ext) => join(SRC, module + ext)).find((path) => existsSync(path))!;

describe('the namespaces each portal screen loads before it renders', () => {
  const screens = declaredScreens();
  const shell = screens.find((screen) => screen.module === 'app/shell/guarded-shell');

  it('finds the portal shell and its screens in the router', () => {
    expect(shell?.declared).toEqual(['portal']);
    expect(screens.map((screen) => screen.module)).toContain('features/dashboard/dashboard-page');
    expect(screens.length).toBeGreaterThanOrEqual(11);
  });

  // A namespace missing from a list would show its keys (or flash them) instead of the words.
  it.each(declaredScreens().map((screen) => [screen.module, screen.declared] as const))('%s', (module, declared) => {
    // A portal page starts with `common` only (locales/languages.ts): the public pages' other namespaces must be listed too.
    const available = new Set([...declared, ...(module === shell?.module ? [] : (shell?.declared ?? [])), 'common']);
    const missing = [...namespacesUsedFrom(fileOf(module))].filter((name) => !available.has(name));
    expect(missing).toEqual([]);
    for (const name of declared) expect(namespaces).toContain(name);
  });

  it('notices a namespace a screen uses but does not list (the check can fail)', () => {
    // The Dashboard draws a chart, whose strings are in `charts`.
    expect(namespacesUsedFrom(fileOf('features/dashboard/dashboard-page'))).toContain('charts');
  });

  it('leaves out the strings a lazily loaded part fetches with its code, and only for that part', () => {
    const dir = mkdtempSync(join(tmpdir(), 'router-namespaces-'));
    try {
      writeFileSync(join(dir, 'card.tsx'), "export default function Card() { const { t } = useTranslation('events'); return t('title'); }\n");
      writeFileSync(join(dir, 'banner.tsx'), "export const load = () => Promise.all([import('./card'), loadNamespaces(['events'])]);\n");
      writeFileSync(join(dir, 'screen.tsx'), "import { load } from './banner';\nexport default function Screen() { const { t } = useTranslation('dashboard'); return t('title'); }\n");
      expect([...namespacesUsedFrom(join(dir, 'screen.tsx'), dir)]).toEqual(['dashboard']);
      // The same strings used by a part that comes with the screen's own code must be listed.
      writeFileSync(join(dir, 'screen.tsx'), "import { load } from './banner';\nimport Card from './card';\nexport default function Screen() { return <Card />; }\n");
      expect([...namespacesUsedFrom(join(dir, 'screen.tsx'), dir)]).toEqual(['events']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
