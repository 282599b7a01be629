import type { Resources } from './resources';

/**
 * The languages and how French and Spanish are fetched, apart from resources.ts, which imports
 * every English string: the public pages need these without the portal's English.
 */
export const languages = ['en', 'fr', 'es'] as const;
export type Language = (typeof languages)[number];

/** French and Spanish are separate chunks, fetched the first time one is chosen or detected. */
export async function loadResources(language: Exclude<Language, 'en'>): Promise<Resources> {
  return language === 'fr' ? (await import('./fr')).fr : (await import('./es')).es;
}
