import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { faqQuestions, supportEmail } from './faq-content';
import type { FaqEntry } from './filter-faq';

/** The FAQ in the reader's language, rebuilt when the language changes. */
export function useFaqEntries(phone: string | null = null): { entries: FaqEntry[]; locale: string } {
  const { t, i18n } = useTranslation('help');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const entries = useMemo(
    () =>
      faqQuestions.map(({ id, category }) => ({
        id,
        category,
        question: t(`questions.${id}.question`),
        // How to reach support names a phone line only when one is configured.
        answer: id === 'supportHours' && phone ? t('questions.supportHours.answerWithPhone', { phone, email: supportEmail }) : t(`questions.${id}.answer`, { email: supportEmail }),
      })),
    // t changes identity with the language, which is what should rebuild the list.
    [t, phone],
  );
  return { entries, locale };
}
