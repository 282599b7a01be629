import { useTranslation } from 'react-i18next';
import { Gift, PiggyBank, Zap, type LucideIcon } from 'lucide-react';
import { SectionHeading } from './section-heading';

const benefits: { key: 'saveEnergy' | 'saveMoney' | 'redeemRewards'; Icon: LucideIcon }[] = [
  { key: 'saveEnergy', Icon: Zap },
  { key: 'saveMoney', Icon: PiggyBank },
  { key: 'redeemRewards', Icon: Gift },
];

export function BenefitsSection() {
  const { t } = useTranslation('marketing');
  return (
    <section aria-labelledby="benefits-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8 lg:py-24">
      <SectionHeading
        id="benefits-title"
        eyebrow={t('landing.benefits.eyebrow')}
        title={t('landing.benefits.title')}
        intro={t('landing.benefits.intro')}
      />
      <ul className="mt-14 grid gap-6 md:grid-cols-3">
        {benefits.map(({ key, Icon }) => (
          <li key={key} className="rounded-2xl border border-slate-200 bg-white p-7 shadow-sm transition-shadow hover:shadow-md">
            <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Icon aria-hidden className="size-6" />
            </span>
            <h3 className="mt-5 text-lg font-semibold text-slate-900">{t(`landing.benefits.${key}.title`)}</h3>
            <p className="mt-2 leading-7 text-slate-600">{t(`landing.benefits.${key}.body`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
