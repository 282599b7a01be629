import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { faqQuestions } from './faq-content';
import type { FaqEntry } from './filter-faq';

/** The FAQ in the reader's language, rebuilt when the language changes. */
export function useFaqEntries(): { entries: FaqEntry[]; locale: string } {
  const { t, i18n } = useTranslation('help');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const entries = useMemo(
    () =>
      faqQuestions.map(({ id, category }) => ({
        id,
        category,
        question: t(`questions.${id}.question`),
        answer: t(`questions.${id}.answer`),
      })),
    // t changes identity with the language, which is what should rebuild the list.
    [t],
  );
  return { entries, locale };
}
