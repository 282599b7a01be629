import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { faqCategories } from '../faq-content';
import { filterFaq, type FaqCategoryFilter, type FaqEntry } from '../filter-faq';
import { CategoryChips } from './category-chips';
import { Disclosure } from './disclosure';

type FaqSectionProps = {
  entries: FaqEntry[];
  locale: string;
  query: string;
  category: FaqCategoryFilter;
  onCategoryChange: (category: FaqCategoryFilter) => void;
  onReset: () => void;
};

export function FaqSection({ entries, locale, query, category, onCategoryChange, onReset }: FaqSectionProps) {
  const { t } = useTranslation('help');
  const results = filterFaq(entries, { query, category, locale });
  const counts = Object.fromEntries(
    (['all', ...faqCategories] as const).map((c) => [c, filterFaq(entries, { query, category: c, locale }).length]),
  ) as Record<FaqCategoryFilter, number>;
  const searching = query.trim() !== '';

  return (
    <section aria-labelledby="faq-heading" className="space-y-5">
      <h2 id="faq-heading" className="text-lg font-semibold text-slate-900">
        {t('faq.heading')}
      </h2>
      <CategoryChips selected={category} onSelect={onCategoryChange} counts={counts} />
      <p aria-live="polite" className="text-sm text-slate-500">
        {t('faq.resultCount', { shown: results.length, total: entries.length })}
      </p>
      {results.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <SearchX aria-hidden="true" className="mx-auto size-8 text-slate-400" />
          <h3 className="mt-3 font-semibold text-slate-900">{t('faq.noResultsTitle')}</h3>
          <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">{t('faq.noResultsBody')}</p>
          <button
            type="button"
            onClick={onReset}
            className="mt-5 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {t('faq.clearFilters')}
          </button>
        </div>
      ) : (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          {results.map((entry) => (
            // While searching, answers open so the reader sees why each question matched.
            <li key={`${entry.id}-${searching}`}>
              <Disclosure
                title={entry.question}
                subtitle={category === 'all' ? t(`categories.${entry.category}`) : undefined}
                defaultOpen={searching}
              >
                <p className="max-w-3xl text-sm leading-6 text-slate-600">{entry.answer}</p>
              </Disclosure>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
