import type { UsageSummary } from '@peakwise/contracts/energy.contract';
import { ArrowDownRight, ArrowUpRight, CalendarDays, CircleDollarSign, Gauge, TrendingUpDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { changeTone, StatCard } from '@/components/ui/stat-card';
import { formatCad, formatKwh, formatMonth, formatPercent, useIntlLocale } from '@/lib/format';

const toneClass = { good: 'text-emerald-700', bad: 'text-red-700', neutral: 'text-slate-500' } as const;

export function UsageCards({ summary }: { summary: UsageSummary }) {
  const { t } = useTranslation('usage');
  const locale = useIntlLocale();
  const change = summary.changeVsLastMonthPct;
  const tone = changeTone(change, 'decrease');
  const Arrow = change !== null && change > 0 ? ArrowUpRight : ArrowDownRight;

  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard label={t('cards.thisMonth')} value={formatKwh(summary.month.kwh, locale)} icon={CalendarDays}>
        <p>{t('cards.monthDetail', { month: formatMonth(summary.month.start, summary.timeZone, locale), count: summary.month.days })}</p>
      </StatCard>
      <StatCard label={t('cards.monthCost')} value={formatCad(summary.month.costCents, locale)} icon={CircleDollarSign} iconClassName="bg-emerald-50 text-emerald-700">
        <p>{t('cards.costDetail')}</p>
      </StatCard>
      <StatCard label={t('cards.dailyAverage')} value={formatKwh(summary.dailyAverageKwh, locale)} icon={Gauge} iconClassName="bg-sky-50 text-sky-700">
        <p>{t('cards.dailyAverageDetail')}</p>
      </StatCard>
      <StatCard label={t('cards.change')} value={formatPercent(change, locale, { signed: true })} icon={TrendingUpDown} iconClassName="bg-violet-50 text-violet-700">
        {tone !== 'neutral' && (
          <p data-tone={tone} className={`inline-flex items-center gap-0.5 font-semibold ${toneClass[tone]}`}>
            <Arrow aria-hidden="true" className="size-4" />
            {t(`cards.${tone}`)}
          </p>
        )}
        <p>{t('cards.changeDetail', { kwh: formatKwh(summary.sameDaysLastMonthKwh, locale) })}</p>
      </StatCard>
    </div>
  );
}
