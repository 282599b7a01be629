import { en } from './en';
import type { Translation } from './shape';

export const languages = ['en', 'fr', 'es'] as const;
export type Language = (typeof languages)[number];

/**
 * Every namespace in English; French and Spanish must have the same keys (the Translation<> type
 * on each of their files makes a missing key a type error).
 */
export type Resources = { [N in keyof typeof en]: Translation<(typeof en)[N]> };

export const namespaces = Object.keys(en) as (keyof typeof en)[];

/** French and Spanish are separate chunks, fetched the first time one is chosen or detected. */
export async function loadResources(language: Exclude<Language, 'en'>): Promise<Resources> {
  return language === 'fr' ? (await import('./fr')).fr : (await import('./es')).es;
}
