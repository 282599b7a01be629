import { commonEn } from './common.en';
import { commonFr } from './common.fr';
import { commonEs } from './common.es';

export const languages = ['en', 'fr', 'es'] as const;
export type Language = (typeof languages)[number];

// Every namespace is registered here for all three languages; the Translation<> type on the
// French and Spanish files makes a missing key a type error.
export const resources = {
  en: { common: commonEn },
  fr: { common: commonFr },
  es: { common: commonEs },
} as const;

export const namespaces = Object.keys(resources.en) as (keyof typeof resources.en)[];
