import { useTranslation } from 'react-i18next';
import { Activity, Gift, Leaf, Plug, type LucideIcon } from 'lucide-react';
import { SectionHeading } from '../landing/section-heading';

const steps: { key: 'connect' | 'monitor' | 'save' | 'earn'; Icon: LucideIcon }[] = [
  { key: 'connect', Icon: Plug },
  { key: 'monitor', Icon: Activity },
  { key: 'save', Icon: Leaf },
  { key: 'earn', Icon: Gift },
];

export function GettingStarted() {
  const { t } = useTranslation('marketing');
  return (
    <section aria-labelledby="getting-started-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <SectionHeading id="getting-started-title" title={t('howItWorks.start.title')} intro={t('howItWorks.start.intro')} />
      <ol className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map(({ key, Icon }, index) => (
          <li key={key} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <div className="flex items-center gap-3">
              <span className="flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                <Icon aria-hidden className="size-5" />
              </span>
              <span className="text-sm font-semibold text-brand-700">{t('howItWorks.start.step', { number: index + 1 })}</span>
            </div>
            <h3 className="mt-4 font-semibold text-slate-900">{t(`howItWorks.start.${key}.title`)}</h3>
            <p className="mt-2 text-sm leading-6 text-slate-600">{t(`howItWorks.start.${key}.body`)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
