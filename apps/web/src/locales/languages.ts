import type { Namespace } from './en-namespaces';
import type { Resources } from './resources';
import { frenchNamespaces } from './fr-namespaces';
import { spanishNamespaces } from './es-namespaces';

/**
 * The languages and how French and Spanish are fetched, apart from resources.ts, which imports
 * every English string: the public pages need these without the portal's English.
 */
export const languages = ['en', 'fr', 'es'] as const;
export type Language = (typeof languages)[number];

/** Where a visitor's choice of language is kept (i18n.ts; the public pages' loader reads it too). */
export const LANGUAGE_STORAGE_KEY = 'peakwise.language';

/** What the public pages show: one chunk in each language (en-public.ts, fr-public.ts, es-public.ts) besides `common`. */
export const publicNamespaces = ['common', 'marketing', 'help', 'auth'] as const;
export type PublicNamespace = (typeof publicNamespaces)[number];

/**
 * The namespaces a page starts with: the public pages show all of theirs at once; a portal or
 * console page only `common`, each screen fetching the rest with its code (app/router.tsx), so a
 * member reading French does not download the public site's French
 * (docs/decisions/086-settings-sections-and-every-language-on-budget.md).
 */
export function startingNamespaces(pathname: string): readonly PublicNamespace[] {
  return /^\/(app|ops)(\/|$)/.test(pathname) ? ['common'] : publicNamespaces;
}

/**
 * One French or Spanish namespace, from the chunk fr-namespaces.ts or es-namespaces.ts names for
 * it. Undefined for a namespace that does not exist.
 */
export async function loadTranslation(language: Exclude<Language, 'en'>, namespace: string): Promise<Resources[Namespace] | undefined> {
  const loaders = language === 'fr' ? frenchNamespaces : spanishNamespaces;
  return namespace in loaders ? loaders[namespace as Namespace]() : undefined;
}
