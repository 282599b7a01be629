import { LifeBuoy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ContactDetails } from './components/contact-details';
import { FaqSection } from './components/faq-section';
import { HelpSearch } from './components/help-search';
import { SupportCards } from './components/support-cards';
import { UserGuide } from './components/user-guide';
import type { FaqCategoryFilter } from './filter-faq';
import { useFaqEntries } from './use-faq-entries';

/** Help & Support, served both inside the portal (/app/help) and on the public site (/help). */
export default function HelpPage() {
  const { t } = useTranslation(['help', 'common']);
  const { pathname } = useLocation();
  const { entries, locale } = useFaqEntries();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<FaqCategoryFilter>('all');
  // The portal shell already pads its content area; the public layout does not.
  const inPortal = pathname.startsWith('/app');

  return (
    <div className={`space-y-10 ${inPortal ? '' : 'mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 lg:px-8 lg:py-14'}`}>
      <header className="rounded-2xl border border-brand-100 bg-gradient-to-br from-brand-50 via-white to-white px-6 py-8 sm:px-10 sm:py-10">
        <p className="flex items-center gap-2 text-sm font-medium text-brand-700">
          <LifeBuoy aria-hidden="true" className="size-4" />
          {t('common:brand')}
        </p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900">{t('title')}</h1>
        <p className="mt-2 max-w-2xl text-[15px] leading-6 text-slate-600">{t('intro')}</p>
        <div className="mt-6 max-w-2xl">
          <HelpSearch value={query} onChange={setQuery} />
        </div>
      </header>

      <SupportCards />

      <FaqSection
        entries={entries}
        locale={locale}
        query={query}
        category={category}
        onCategoryChange={setCategory}
        onReset={() => {
          setQuery('');
          setCategory('all');
        }}
      />

      <UserGuide />

      <ContactDetails />
    </div>
  );
}
