import i18n, { type BackendModule } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { authEn } from '@/locales/auth.en';
import { commonEn } from '@/locales/common.en';
import { helpEn } from '@/locales/help.en';
import { marketingEn } from '@/locales/marketing.en';
import { languages, loadResources } from '@/locales/languages';
import type { Resources } from '@/locales/resources';

export const LANGUAGE_STORAGE_KEY = 'peakwise.language';

/**
 * The English the public pages need comes with the app; the rest of English (the portal's and
 * the console's strings) is a chunk of its own, fetched with the portal (loadAllNamespaces), so a
 * visitor to a public page does not download it (docs/decisions/053-prerendered-public-pages.md).
 */
const publicEn = { common: commonEn, marketing: marketingEn, help: helpEn, auth: authEn };
export const publicNamespaces: readonly (keyof typeof publicEn)[] = Object.keys(publicEn) as (keyof typeof publicEn)[];

const loadEnglish = async (): Promise<Resources> => (await import('@/locales/en')).en;

/** Fetches the rest of English, and French or Spanish, the first time i18next asks for them. */
const lazyLanguages: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (language !== 'fr' && language !== 'es' && language !== 'en') {
      callback(null, {});
      return;
    }
    (language === 'en' ? loadEnglish() : loadResources(language)).then(
      (resources) => callback(null, resources[namespace as keyof typeof resources]),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Resolves once the detected language can render; main.tsx waits for it before the first render. */
export const i18nReady = i18n
  .use(lazyLanguages)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { en: publicEn },
    // Part of English comes with the app; the rest, and the other languages, from the backend above.
    partialBundledLanguages: true,
    ns: [...publicNamespaces],
    defaultNS: 'common',
    supportedLngs: [...languages],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    // Languages load before changeLanguage resolves, so nothing renders a half-loaded language.
    react: { useSuspense: false },
    detection: {
      // A French public page's URL says its language (/fr/how-it-works, decision 053).
      order: ['path', 'localStorage', 'navigator', 'htmlTag'],
      lookupFromPathIndex: 0,
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      caches: ['localStorage'],
    },
  });

function syncHtmlLang(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
syncHtmlLang(i18n.resolvedLanguage ?? 'en');
i18n.on('languageChanged', syncHtmlLang);

/** Every namespace in the current language, before the portal or the console renders. */
export async function loadAllNamespaces(): Promise<void> {
  await i18n.loadNamespaces(Object.keys(await loadEnglish()));
}

export { i18n };
