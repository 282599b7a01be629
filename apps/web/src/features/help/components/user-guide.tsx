import { Gift, ChartLine, Plug, ShieldCheck, Zap, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { guideTopics } from '../faq-content';
import { Disclosure } from './disclosure';

const topicIcons: Record<(typeof guideTopics)[number], LucideIcon> = {
  smartPlug: Plug,
  events: Zap,
  data: ChartLine,
  points: Gift,
  account: ShieldCheck,
};

export function UserGuide() {
  const { t } = useTranslation('help');
  return (
    <section id="user-guide" aria-labelledby="guide-heading" className="scroll-mt-6 space-y-4">
      <div>
        <h2 id="guide-heading" className="text-lg font-semibold text-slate-900">
          {t('guide.heading')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('guide.intro')}</p>
      </div>
      <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        {guideTopics.map((topic) => {
          const Icon = topicIcons[topic];
          return (
            <li key={topic}>
              <Disclosure
                title={t(`guide.topics.${topic}.title`)}
                subtitle={t(`guide.topics.${topic}.summary`)}
                leading={
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                }
              >
                <ol aria-label={t('guide.stepsLabel')} className="space-y-3 sm:pl-14">
                  {Object.entries(t(`guide.topics.${topic}.steps`, { returnObjects: true })).map(([step, text], index) => (
                    <li key={step} className="flex gap-3 text-sm leading-6 text-slate-600">
                      <span
                        aria-hidden="true"
                        className="flex size-6 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-700"
                      >
                        {index + 1}
                      </span>
                      <span>{text}</span>
                    </li>
                  ))}
                </ol>
              </Disclosure>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
