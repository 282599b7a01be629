/**
 * The public pages that are prerendered and indexed, and the languages they are prerendered in
 * (docs/decisions/053-prerendered-public-pages.md). English lives at the bare path, every other
 * language under its own prefix (`/fr/how-it-works`), so each language has a URL of its own.
 */
export const PUBLIC_PAGES = ['/', '/how-it-works', '/help'] as const;
export type PublicPage = (typeof PUBLIC_PAGES)[number];

export const PRERENDERED_LANGUAGES = ['en', 'fr'] as const;
export type PrerenderedLanguage = (typeof PRERENDERED_LANGUAGES)[number];

/** `/how-it-works` in French is `/fr/how-it-works`; `/` in French is `/fr`. */
export function localizedPath(page: PublicPage, language: PrerenderedLanguage): string {
  if (language === 'en') return page;
  return page === '/' ? `/${language}` : `/${language}${page}`;
}

/** The page and language a path names, or null when it is not a prerendered public page. */
export function parsePublicPath(path: string): { page: PublicPage; language: PrerenderedLanguage } | null {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  for (const language of PRERENDERED_LANGUAGES) {
    for (const page of PUBLIC_PAGES) {
      if (localizedPath(page, language) === trimmed) return { page, language };
    }
  }
  return null;
}

/** Where the build writes a page's HTML, relative to the web app's dist directory. */
export function prerenderedFile(page: PublicPage, language: PrerenderedLanguage): string {
  return `prerendered/${language}${page === '/' ? '/index' : page}.html`;
}

/** Stands for the site's absolute origin in prerendered HTML; the server fills in PUBLIC_URL. */
export const ORIGIN_PLACEHOLDER = '__PEAKWISE_ORIGIN__';
