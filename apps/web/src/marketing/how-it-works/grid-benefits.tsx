import { useTranslation } from 'react-i18next';
import { Leaf, ShieldCheck, Wrench, type LucideIcon } from 'lucide-react';
import { SectionHeading } from '../landing/section-heading';

const benefits: { key: 'repair' | 'lifespan' | 'savings'; Icon: LucideIcon }[] = [
  { key: 'repair', Icon: Wrench },
  { key: 'lifespan', Icon: ShieldCheck },
  { key: 'savings', Icon: Leaf },
];

export function GridBenefits() {
  const { t } = useTranslation('marketing');
  return (
    <section aria-labelledby="grid-benefits-title" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <SectionHeading id="grid-benefits-title" title={t('howItWorks.benefits.title')} intro={t('howItWorks.benefits.intro')} />
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {benefits.map(({ key, Icon }) => (
            <li key={key} className="rounded-2xl bg-white p-7 shadow-sm ring-1 ring-slate-200">
              <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon aria-hidden className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{t(`howItWorks.benefits.${key}.title`)}</h3>
              <p className="mt-2 leading-7 text-slate-600">{t(`howItWorks.benefits.${key}.body`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
