import type { Namespace } from './en-namespaces';
import type { Resources } from './resources';

/**
 * The languages and how French and Spanish are fetched, apart from resources.ts, which imports
 * every English string: the public pages need these without the portal's English.
 */
export const languages = ['en', 'fr', 'es'] as const;
export type Language = (typeof languages)[number];

/** Where a visitor's choice of language is kept (i18n.ts; the public pages' loader reads it too). */
export const LANGUAGE_STORAGE_KEY = 'peakwise.language';

/** What the public pages show: bundled in English, one chunk in each other language. */
export const publicNamespaces = ['common', 'marketing', 'help', 'auth'] as const;
export type PublicNamespace = (typeof publicNamespaces)[number];

const isPublic = (namespace: string): namespace is PublicNamespace => (publicNamespaces as readonly string[]).includes(namespace);

/**
 * One French or Spanish namespace. Each language is two chunks, the public pages' namespaces and
 * the rest, so a French public page fetches its own few kilobytes of French and not the portal's
 * (docs/decisions/068-french-public-pages-and-a-steady-dashboard.md). Undefined for a namespace
 * that does not exist.
 */
export async function loadTranslation(language: Exclude<Language, 'en'>, namespace: string): Promise<Resources[Namespace] | undefined> {
  if (isPublic(namespace)) {
    const strings = language === 'fr' ? (await import('./fr-public')).frPublic : (await import('./es-public')).esPublic;
    return strings[namespace];
  }
  const strings: Partial<Resources> = language === 'fr' ? (await import('./fr-portal')).frPortal : (await import('./es-portal')).esPortal;
  return strings[namespace as Namespace];
}
