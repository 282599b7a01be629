import i18n, { type BackendModule } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { en } from '@/locales/en';
import { languages, loadResources, namespaces } from '@/locales/resources';

export const LANGUAGE_STORAGE_KEY = 'peakwise.language';

/** Fetches French or Spanish the first time i18next asks for them; English is bundled. */
const lazyLanguages: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (language !== 'fr' && language !== 'es') {
      callback(null, {});
      return;
    }
    loadResources(language).then(
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
    resources: { en },
    // English comes with the app; the other languages come from the backend above.
    partialBundledLanguages: true,
    ns: namespaces,
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

export { i18n };
