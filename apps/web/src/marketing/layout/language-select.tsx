import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { localizedPath, parsePublicPath } from '@peakwise/contracts/public-pages';
import { ChevronDown, Globe } from 'lucide-react';
import { languages, type Language } from '@/locales/languages';

export function LanguageSelect({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  // A public page's URL names its language (/fr/help): follow the choice there, or a reload
  // would bring back the language the visitor just left. Spanish is read at the English URL.
  const choose = async (language: string) => {
    await i18n.changeLanguage(language);
    const page = parsePublicPath(pathname);
    if (!page) return;
    const target = localizedPath(page.page, language === 'fr' ? 'fr' : 'en');
    if (target !== pathname) navigate(target + search + hash, { preventScrollReset: true });
  };
  const current = (languages as readonly string[]).includes(i18n.resolvedLanguage ?? '') ? i18n.resolvedLanguage : 'en';
  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <Globe aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-600" />
      <select
        id={id}
        value={current}
        onChange={(event) => void choose(event.target.value)}
        className="h-9 w-full appearance-none rounded-xl border border-slate-300 bg-white pr-8 pl-9 text-sm font-medium text-slate-800 hover:border-slate-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {languages.map((language: Language) => (
          // Each language is named in itself, so a reader can find theirs whatever is showing.
          <option key={language} value={language} lang={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
      <ChevronDown aria-hidden className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-slate-600" />
    </div>
  );
}
