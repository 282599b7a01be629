import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { namespaces } from '@/locales/resources';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROUTER = join(SRC, 'app', 'router.tsx');

/**
 * The i18n namespaces a screen's code asks for, found by reading its sources: every module of this
 * app it imports, statically or lazily, and in each `useTranslation(…)`, `{ ns: … }` and
 * `'namespace:key'`. Reading stops at the router (another screen's modules).
 */
function namespacesUsedFrom(entry: string): Set<string> {
  const seen = new Set<string>();
  const used = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || file === ROUTER) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, args = ''] of text.matchAll(/useTranslation\(([^)]*)\)/g)) {
      const names = [...args.matchAll(/'([A-Za-z]+)'/g)].map((m) => m[1]!);
      if (names.length === 0) used.add('common');
      // The first argument is one namespace or a list of them.
      for (const name of args.trim().startsWith('[') ? names : names.slice(0, 1)) used.add(name);
    }
    for (const [, name] of text.matchAll(/\bns: '([A-Za-z]+)'/g)) used.add(name!);
    // A whole 'ns:key' string, but not a quoted object key such as 'usage:read': (an API scope).
    for (const [, name] of text.matchAll(/['`]([A-Za-z]+):[A-Za-z][\w.-]*(?![\w.-])(?!['`]\s*:)/g)) if ((namespaces as string[]).includes(name!)) used.add(name!);
    for (const [, spec = ''] of text.matchAll(/(?:from |import\()'((?:\.{1,2}|@)\/[^']+)'/g)) {
      const base = spec.startsWith('@/') ? join(SRC, spec.slice(2)) : resolve(dirname(file), spec);
      const found = ['.tsx', '.ts', '/index.tsx', '/index.ts'].map((ext) => base + ext).find((path) => existsSync(path));
      if (found && !/\.test\.tsx?$/.test(found)) queue.push(found);
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
});
