import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight, BellRing, Gift, PowerOff, type LucideIcon } from 'lucide-react';
import { SectionHeading } from './section-heading';
import { usePublicPath } from '../layout/use-public-path';

const steps: { key: 'notified' | 'reduce' | 'rewarded'; Icon: LucideIcon }[] = [
  { key: 'notified', Icon: BellRing },
  { key: 'reduce', Icon: PowerOff },
  { key: 'rewarded', Icon: Gift },
];

export function EventsTeaserSection() {
  const { t } = useTranslation('marketing');
  const publicPath = usePublicPath();
  return (
    <section aria-labelledby="events-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8 lg:py-24">
      <div className="grid items-center gap-12 lg:grid-cols-2">
        <div>
          <SectionHeading id="events-title" align="left" eyebrow={t('landing.events.eyebrow')} title={t('landing.events.title')} intro={t('landing.events.body')} />
          <Link
            to={publicPath('/how-it-works')}
            className="mt-8 inline-flex items-center gap-2 rounded-lg font-semibold text-brand-700 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
          >
            {t('landing.events.link')}
            <ArrowRight aria-hidden className="size-4" />
          </Link>
        </div>
        <ol className="grid gap-4 sm:grid-cols-3 lg:grid-cols-1">
          {steps.map(({ key, Icon }, index) => (
            <li key={key} className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-700 text-white">
                <Icon aria-hidden className="size-6" />
              </span>
              <span className="flex flex-col">
                <span className="text-sm font-medium text-slate-600">{index + 1}</span>
                <span className="font-semibold text-slate-900">{t(`landing.events.steps.${key}`)}</span>
              </span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
