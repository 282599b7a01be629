export type FaqCategory = 'gettingStarted' | 'events' | 'rewards' | 'data' | 'billing' | 'account';
export type FaqCategoryFilter = FaqCategory | 'all';

export type FaqEntry = { id: string; category: FaqCategory; question: string; answer: string };

export type FaqFilter = { query: string; category: FaqCategoryFilter; locale: string };

function lowercase(text: string, locale: string) {
  try {
    return text.toLocaleLowerCase(locale);
  } catch {
    // An unknown locale tag (e.g. i18next's "cimode") must not break the search.
    return text.toLowerCase();
  }
}

/**
 * Lowercases for the reader's locale, then drops accents and curly apostrophes, so someone typing
 * "evenement" or "l'accueil" on a keyboard without accents still finds "Événement" and "l’accueil".
 */
export function foldForSearch(text: string, locale: string) {
  return lowercase(text, locale).normalize('NFD').replace(/\p{Diacritic}/gu, '').replace(/[’‘]/g, "'");
}

/** Entries in the chosen category whose question or answer contains every word of the query. */
export function filterFaq(entries: readonly FaqEntry[], { query, category, locale }: FaqFilter): FaqEntry[] {
  const terms = foldForSearch(query, locale).split(/\s+/).filter(Boolean);
  return entries.filter((entry) => {
    if (category !== 'all' && entry.category !== category) return false;
    if (terms.length === 0) return true;
    const haystack = foldForSearch(`${entry.question}\n${entry.answer}`, locale);
    return terms.every((term) => haystack.includes(term));
  });
}
