import { useTranslation } from 'react-i18next';
import { BellRing, Gift, PowerOff, type LucideIcon } from 'lucide-react';
import { SectionHeading } from '../landing/section-heading';

const steps: { key: 'notified' | 'reduce' | 'rewarded'; Icon: LucideIcon }[] = [
  { key: 'notified', Icon: BellRing },
  { key: 'reduce', Icon: PowerOff },
  { key: 'rewarded', Icon: Gift },
];

export function EventSteps() {
  const { t } = useTranslation('marketing');
  return (
    <section aria-labelledby="event-steps-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <SectionHeading id="event-steps-title" title={t('howItWorks.steps.title')} />
      <ol className="mt-14 grid gap-6 md:grid-cols-3">
        {steps.map(({ key, Icon }, index) => (
          <li key={key} className="relative rounded-2xl border border-slate-200 bg-white p-7 shadow-sm">
            <div className="flex items-center justify-between">
              <span className="flex size-12 items-center justify-center rounded-xl bg-brand-700 text-white">
                <Icon aria-hidden className="size-6" />
              </span>
              <span aria-hidden className="text-5xl font-extrabold text-slate-100">
                {index + 1}
              </span>
            </div>
            <h3 className="mt-5 text-lg font-semibold text-slate-900">{t(`howItWorks.steps.${key}.title`)}</h3>
            <p className="mt-2 leading-7 text-slate-600">{t(`howItWorks.steps.${key}.body`)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
