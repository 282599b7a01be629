import { Search, X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export function HelpSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('help');
  const inputId = useId();

  return (
    <div role="search" className="relative">
      <label htmlFor={inputId} className="sr-only">
        {t('search.label')}
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-slate-400" />
      <input
        id={inputId}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        className={`h-12 w-full rounded-xl border border-slate-300 bg-white pl-12 ${value ? 'pr-12' : 'pr-4'} text-[15px] text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-4 focus:ring-brand-100 focus:outline-none [&::-webkit-search-cancel-button]:appearance-none`}
      />
      {value && (
        <button
          type="button"
          onClick={() => onChange('')}
          aria-label={t('search.clear')}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
    </div>
  );
}
