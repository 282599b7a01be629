import type { PlumbingReady } from '@peakwise/contracts/plumbing.contract';
import { Activity, Droplets, Gauge, Thermometer, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ChangeIndicator, StatCard } from '@/components/ui/stat-card';
import { formatPercent, formatTime, useIntlLocale } from '@/lib/format';
import { formatCelsius, formatKpa, formatLitres, formatLpm, formatPsi } from '../plumbing-format';

export function PlumbingCards({ summary }: { summary: PlumbingReady }) {
  const { t } = useTranslation('plumbing');
  const locale = useIntlLocale();
  const { usage, current } = summary;
  const asOf = current.at ? t('cards.asOf', { time: formatTime(current.at, summary.timeZone, locale) }) : t('cards.noReading');
  const toneLabels = { good: t('cards.less'), bad: t('cards.more') };
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
      <StatCard label={t('cards.today')} value={formatLitres(usage.todayLitres, locale)} icon={Droplets} iconClassName="bg-sky-50 text-sky-700">
        <ChangeIndicator
          pct={usage.todayVsNormPct}
          formatted={formatPercent(usage.todayVsNormPct, locale, { signed: true, digits: 0 })}
          goodWhen="decrease"
          comparison={usage.comparedUntil ? t('cards.vsNorm', { time: formatTime(usage.comparedUntil, summary.timeZone, locale) }) : t('cards.vsNormEarly')}
          toneLabels={toneLabels}
        />
        <p className="mt-1 text-slate-500">{t('cards.todayDetail', { norm: formatLitres(usage.normLitres, locale) })}</p>
      </StatCard>
      <StatCard label={t('cards.benchmark')} value={formatPercent(usage.normVsBenchmarkPct, locale, { signed: true, digits: 0 })} icon={Users} iconClassName="bg-emerald-50 text-emerald-700">
        {t('cards.benchmarkDetail', { norm: formatLitres(usage.normLitres, locale), benchmark: formatLitres(usage.benchmarkLitres, locale), count: summary.occupants })}
      </StatCard>
      <StatCard label={t('cards.flow')} value={formatLpm(current.flowLpm, locale)} icon={Activity} iconClassName="bg-sky-50 text-sky-700">
        {asOf}
      </StatCard>
      <StatCard label={t('cards.pressure')} value={formatPsi(current.pressurePsi, locale)} icon={Gauge} iconClassName="bg-slate-100 text-slate-700">
        {formatKpa(current.pressureKpa, locale)} · {asOf}
      </StatCard>
      <StatCard label={t('cards.hotWater')} value={formatCelsius(current.hotWaterTempC, locale)} icon={Thermometer} iconClassName="bg-orange-50 text-orange-700" />
    </div>
  );
}
