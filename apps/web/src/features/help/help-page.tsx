import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ContactDetails } from './components/contact-details';
import { FaqSection } from './components/faq-section';
import { HelpSearch } from './components/help-search';
import { SupportCards } from './components/support-cards';
import { UserGuide } from './components/user-guide';
import type { FaqCategoryFilter } from './filter-faq';
import { useSupportPhone } from '@/lib/use-public-config';
import { useFaqEntries } from './use-faq-entries';

/** Help & Support, served both inside the portal (/app/help) and on the public site (/help). */
export default function HelpPage() {
  const { t } = useTranslation('help');
  const { pathname } = useLocation();
  const phone = useSupportPhone();
  const { entries, locale } = useFaqEntries(phone);
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<FaqCategoryFilter>('all');
  // The portal shell already pads its content area; the public layout does not.
  const inPortal = pathname.startsWith('/app');

  return (
    <div className={`space-y-10 ${inPortal ? '' : 'mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8 lg:py-14'}`}>
      <header className="rounded-2xl border border-brand-100 bg-gradient-to-br from-brand-50 via-white to-white px-5 py-8 sm:px-10 sm:py-10">
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900">{t('title')}</h1>
        <p className="mt-2 max-w-2xl text-[15px] leading-6 text-slate-600">{t('intro')}</p>
        <div className="mt-6 max-w-2xl">
          <HelpSearch value={query} onChange={setQuery} />
        </div>
      </header>

      {/* Search results sit right under the search box; contact options ride alongside on wide screens. */}
      <div className="grid items-start gap-10 lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-8">
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
        <div className="lg:sticky lg:top-6">
          <SupportCards phone={phone} />
        </div>
      </div>

      <UserGuide />

      <ContactDetails phone={phone} />
    </div>
  );
}
