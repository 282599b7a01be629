import type { LocalizedText } from '@peakwise/contracts/rewards.contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Picks a reward's own text (it comes in every language) for the language on screen. */
export function useLocalized() {
  const { i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? i18n.language ?? 'en').slice(0, 2);
  return useCallback((text: LocalizedText) => (language === 'fr' ? text.fr : language === 'es' ? text.es : text.en) || text.en, [language]);
}
