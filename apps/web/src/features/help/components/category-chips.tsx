import { useTranslation } from 'react-i18next';
import { faqCategories } from '../faq-content';
import type { FaqCategoryFilter } from '../filter-faq';

type CategoryChipsProps = {
  selected: FaqCategoryFilter;
  onSelect: (category: FaqCategoryFilter) => void;
  /** How many questions each chip would show with the current search. */
  counts: Record<FaqCategoryFilter, number>;
};

export function CategoryChips({ selected, onSelect, counts }: CategoryChipsProps) {
  const { t } = useTranslation('help');
  const options: FaqCategoryFilter[] = ['all', ...faqCategories];

  return (
    <div role="group" aria-label={t('faq.filterLabel')} className="flex flex-wrap gap-2">
      {options.map((category) => {
        const pressed = selected === category;
        return (
          <button
            key={category}
            type="button"
            aria-pressed={pressed}
            onClick={() => onSelect(category)}
            className={`inline-flex items-center gap-2 rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
              pressed
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400 hover:bg-slate-50'
            }`}
          >
            {t(`categories.${category}`)}
            {/* The count is a visual hint; the live result line already announces totals. */}
            <span
              aria-hidden="true"
              className={`rounded-full px-1.5 text-xs tabular-nums ${pressed ? 'bg-brand-900 text-white' : 'bg-slate-100 text-slate-600'}`}
            >
              {counts[category]}
            </span>
          </button>
        );
      })}
    </div>
  );
}
