import { en } from './en';
import type { Translation } from './shape';

export { languages, type Language } from './languages';

/**
 * Every namespace in English; French and Spanish must have the same keys (the Translation<> type
 * on each of their files makes a missing key a type error).
 */
export type Resources = { [N in keyof typeof en]: Translation<(typeof en)[N]> };

export const namespaces = Object.keys(en) as (keyof typeof en)[];
