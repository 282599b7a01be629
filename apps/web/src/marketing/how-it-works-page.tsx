import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight, CalendarClock } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button-styles';
import { usePublicPath } from './layout/use-public-path';
import { EventSteps } from './how-it-works/event-steps';
import { GettingStarted } from './how-it-works/getting-started';
import { GridBenefits } from './how-it-works/grid-benefits';

export default function HowItWorksPage() {
  const { t } = useTranslation('marketing');
  const publicPath = usePublicPath();
  return (
    <>
      <section aria-labelledby="how-title" className="relative isolate overflow-hidden bg-gradient-to-b from-brand-50 to-white">
        <div aria-hidden className="absolute -top-40 right-0 -z-10 size-[30rem] rounded-full bg-brand-100/70 blur-3xl" />
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-14 pb-16 sm:px-6 lg:grid-cols-[1.2fr_1fr] lg:px-8 lg:pt-20">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t('howItWorks.eyebrow')}</p>
            <h1 id="how-title" className="mt-3 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">
              {t('howItWorks.title')}
            </h1>
            <p className="mt-6 max-w-2xl text-lg leading-8 text-slate-700">{t('howItWorks.intro')}</p>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-7 shadow-xl shadow-brand-900/5">
            <span className="flex size-12 items-center justify-center rounded-xl bg-sun-400 text-slate-900">
              <CalendarClock aria-hidden className="size-6" />
            </span>
            <h2 className="mt-5 text-xl font-semibold text-slate-900">{t('howItWorks.events.title')}</h2>
            <p className="mt-3 leading-7 text-slate-600">{t('howItWorks.events.body')}</p>
          </div>
        </div>
      </section>
      <EventSteps />
      <GridBenefits />
      <GettingStarted />
      <section aria-labelledby="how-cta-title" className="mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8">
        <div className="flex flex-col items-start justify-between gap-6 rounded-3xl bg-brand-800 px-8 py-12 shadow-xl sm:flex-row sm:items-center sm:px-12">
          <h2 id="how-cta-title" className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
            {t('howItWorks.cta.title')}
          </h2>
          <Link to={publicPath('/')} className={buttonClasses('inverse', 'lg', 'shrink-0')}>
            {t('howItWorks.cta.link')}
            <ArrowRight aria-hidden className="size-5" />
          </Link>
        </div>
      </section>
    </>
  );
}
