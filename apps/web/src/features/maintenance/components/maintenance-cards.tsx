import type { MaintenanceOverview } from '@peakwise/contracts/maintenance.contract';
import { CalendarClock, Cpu, HeartPulse, Timer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatCard } from '@/components/ui/stat-card';
import { useComponentName } from '@/lib/component-name';
import { MISSING, formatLocalDate, formatPercent, useIntlLocale } from '@/lib/format';
import { daysBetween } from '@peakwise/domain/local-time';
import { formatRelativeDays } from '@/lib/local-date';
import { formatHoursValue } from '../maintenance-format';

export function MaintenanceCards({ overview }: { overview: MaintenanceOverview }) {
  const { t } = useTranslation('maintenance');
  const locale = useIntlLocale();
  const componentName = useComponentName();
  const { averageHealthPct, componentCount, nextMaintenance, averageMttrHours } = overview.cards;
  // The card names its component without its kind; the component list has it.
  const nextKind = overview.components.find((c) => c.id === nextMaintenance?.componentId)?.kind;
  const nextName = nextMaintenance ? (nextKind ? componentName({ name: nextMaintenance.component, kind: nextKind }) : nextMaintenance.component) : '';
  // A date already past is overdue work, not a "next" maintenance "5 days ago".
  const nextValue = (days: number) =>
    days < 0 ? t('cards.overdue', { count: -days, value: formatNumberPlain(-days, locale) }) : capitalise(formatRelativeDays(days, locale), locale);
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard label={t('cards.health')} value={formatPercent(averageHealthPct, locale)} icon={HeartPulse} iconClassName="bg-emerald-50 text-emerald-700">
        {t('cards.healthDetail')}
      </StatCard>
      <StatCard label={t('cards.components')} value={formatNumberPlain(componentCount, locale)} icon={Cpu} iconClassName="bg-sky-50 text-sky-700">
        {t('cards.componentsDetail')}
      </StatCard>
      <StatCard
        label={t('cards.next')}
        value={nextMaintenance ? nextValue(daysBetween(overview.today, nextMaintenance.date)) : t('cards.notAvailable')}
        icon={CalendarClock}
        iconClassName="bg-amber-50 text-amber-700"
      >
        {nextMaintenance
          ? t('cards.nextDetail', { component: nextName, date: formatLocalDate(nextMaintenance.date, locale, { month: 'short', day: 'numeric', year: 'numeric' }) })
          : t('cards.nextNone')}
      </StatCard>
      <StatCard
        label={t('cards.mttr')}
        value={averageMttrHours === null ? MISSING : t('cards.hours', { value: formatHoursValue(averageMttrHours, locale) })}
        icon={Timer}
        iconClassName="bg-slate-100 text-slate-700"
      >
        {t('cards.mttrDetail')}
      </StatCard>
    </div>
  );
}

const formatNumberPlain = (value: number, locale: string) => new Intl.NumberFormat(locale).format(value);
// Intl words relative time for the middle of a sentence ("in 5 days"); as a card's headline it starts a line.
const capitalise = (text: string, locale: string) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
