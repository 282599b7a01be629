import i18n, { type BackendModule } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { commonEn } from '@/locales/common.en';
import { englishNamespaces, type Namespace } from '@/locales/en-namespaces';
import { LANGUAGE_STORAGE_KEY, languages, loadTranslation, publicNamespaces, startingNamespaces } from '@/locales/languages';
import type { Resources } from '@/locales/resources';

export { publicNamespaces };

/**
 * Only `common`, which every page shows, comes with the app. The other English namespaces are
 * fetched with the screens that show them (app/router.tsx), so a visitor to a public page does not
 * download the portal's strings (docs/decisions/053-prerendered-public-pages.md), the Dashboard
 * does not download Settings' (docs/decisions/058-dashboard-javascript-budget.md), and no portal
 * page, in any language, downloads the public pages' English (one chunk, locales/en-public.ts).
 */
const bundledEn = { common: commonEn };

const loadEnglish = async (namespace: string): Promise<Partial<Resources>> =>
  namespace in englishNamespaces ? { [namespace]: await englishNamespaces[namespace as Namespace]() } : {};

/** Fetches an English namespace, and French or Spanish, the first time i18next asks for them. */
const lazyLanguages: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (language !== 'fr' && language !== 'es' && language !== 'en') {
      callback(null, {});
      return;
    }
    (language === 'en' ? loadEnglish(namespace).then((resources) => resources[namespace as Namespace]) : loadTranslation(language, namespace)).then(
      (strings) => callback(null, strings),
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
    resources: { en: bundledEn },
    // `common` comes with the app; the rest of English, and the other languages, from the backend above.
    partialBundledLanguages: true,
    ns: [...startingNamespaces(typeof window === 'undefined' ? '/' : window.location.pathname)],
    defaultNS: 'common',
    supportedLngs: [...languages],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    // French and Spanish are complete (their types demand every English key), so a French page
    // does not also download the English of its namespaces to fall back on (decision 086).
    fallbackLng: { fr: [], es: [], default: ['en'] },
    interpolation: { escapeValue: false },
    // Languages load before changeLanguage resolves, so nothing renders a half-loaded language.
    react: { useSuspense: false },
    detection: {
      // A French public page's URL says its language (/fr/how-it-works, decision 053). The public
      // pages' loader follows the same order (prerender/public-page-loader.ts): keep them alike.
      order: ['path', 'localStorage', 'navigator', 'htmlTag'],
      lookupFromPathIndex: 0,
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      caches: ['localStorage'],
    },
  });

// French and Spanish have a plural form for exact millions ("many": « un million de points »)
// that no translation here writes; without English to fall back on it would show a key, so it
// reads as "other", the form a translation gives every other large number.
const pluralResolver = i18n.services.pluralResolver as { getSuffix: (code: string, count: number, options?: object) => string };
const pluralSuffix = pluralResolver.getSuffix.bind(pluralResolver);
pluralResolver.getSuffix = (code, count, options) => pluralSuffix(code, count, options).replace(/many$/, 'other');

function syncHtmlLang(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
syncHtmlLang(i18n.resolvedLanguage ?? 'en');
i18n.on('languageChanged', syncHtmlLang);

/** A screen's namespaces in the current language (and English, the fallback), before it renders. */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  await i18n.loadNamespaces([...namespaces]);
}

/** Every namespace, for the screens that show most of them (the operator console). */
export async function loadAllNamespaces(): Promise<void> {
  await loadNamespaces(Object.keys(englishNamespaces) as Namespace[]);
}

export { i18n };
