import { describe, expect, it } from 'vitest';
import { englishNamespaces, type Namespace } from './en-namespaces';
import { spanishNamespaces } from './es-namespaces';
import { frenchNamespaces } from './fr-namespaces';

const languages = { en: englishNamespaces, fr: frenchNamespaces, es: spanishNamespaces };

// Rewards were once called "Watts" beside "points" (issue 29, item 17): one name for one thing,
// on every screen, not only the public pages (marketing-wording.test.ts). A unit is written "W".
describe('rewards are points on every screen', () => {
  it.each(Object.entries(languages))('%s: no namespace names them "Watts"', async (_, loaders) => {
    const names = Object.keys(loaders) as Namespace[];
    const texts = await Promise.all(names.map(async (ns) => [ns, JSON.stringify(await loaders[ns]())] as const));
    expect(texts.length).toBeGreaterThan(20);
    expect(texts.filter(([, text]) => /\bWatts?\b/.test(text)).map(([ns]) => ns)).toEqual([]);
  });
});
