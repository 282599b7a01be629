import { CalendarClock, Lightbulb, PlugZap, Thermometer, Timer, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';

// General advice, not the member's numbers: it says what tends to help, never what they'll save.
const tips: { key: 'offPeak' | 'thermostat' | 'standby' | 'events'; icon: LucideIcon }[] = [
  { key: 'thermostat', icon: Thermometer },
  { key: 'offPeak', icon: Timer },
  { key: 'standby', icon: PlugZap },
  { key: 'events', icon: CalendarClock },
];

export function EnergyTips() {
  const { t } = useTranslation('dashboard');
  return (
    <section aria-labelledby="dashboard-tips-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="dashboard-tips-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <Lightbulb aria-hidden="true" className="size-5 text-amber-600" />
        {t('tips.title')}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {tips.map(({ key, icon: Icon }) => (
          <li key={key} className="flex gap-3">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div>
              <h3 className="text-sm font-semibold text-slate-900">{t(`tips.${key}.title`)}</h3>
              <p className="mt-0.5 text-sm leading-6 text-slate-600">{t(`tips.${key}.body`)}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-5 flex flex-wrap gap-3">
        <Link to="/app/help" className={buttonClasses('primary', 'sm')}>
          {/* The visible label is the short one; what it is about is spoken, and read by search
              engines' link checks, which flag a bare "Learn More" (decision 068). */}
          {t('tips.learnMore')} <span className="sr-only">{t('tips.learnMoreTopic')}</span>
        </Link>
        {/* No schedule screen exists yet; How it works explains when events happen and how you're told. */}
        <Link to="/how-it-works#event-steps-title" className={buttonClasses('secondary', 'sm')}>
          {t('tips.viewSchedule')}
        </Link>
      </div>
    </section>
  );
}
