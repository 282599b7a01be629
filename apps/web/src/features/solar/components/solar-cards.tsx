import type { SolarSummary } from '@peakwise/contracts/energy.contract';
import { ArrowLeftRight, HeartPulse, Home, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ChangeIndicator, StatCard } from '@/components/ui/stat-card';
import { formatKwh, formatPercent, useIntlLocale } from '@/lib/format';

export function SolarCards({ summary }: { summary: SolarSummary }) {
  const { t } = useTranslation('solar');
  const locale = useIntlLocale();
  const { totals } = summary;
  const comparison = t(`change.${summary.period}`);
  const toneLabels = { good: t('change.good'), bad: t('change.bad') };
  const signedKwh = (value: number | null) =>
    value === null ? formatKwh(null, locale) : `${value > 0 ? '+' : ''}${formatKwh(value, locale)}`;

  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard label={t('cards.production')} value={formatKwh(totals.productionKwh, locale)} icon={Sun} iconClassName="bg-amber-50 text-amber-700">
        {summary.productionMeasured ? (
          <ChangeIndicator
            pct={summary.productionChangePct}
            formatted={formatPercent(summary.productionChangePct, locale, { signed: true })}
            goodWhen="increase"
            comparison={comparison}
            toneLabels={toneLabels}
          />
        ) : (
          <p>{t('cards.productionNotMeasured')}</p>
        )}
      </StatCard>
      <StatCard label={t('cards.consumption')} value={formatKwh(totals.consumptionKwh, locale)} icon={Home} iconClassName="bg-sky-50 text-sky-700">
        <ChangeIndicator
          pct={summary.consumptionChangePct}
          formatted={formatPercent(summary.consumptionChangePct, locale, { signed: true })}
          goodWhen="decrease"
          comparison={comparison}
          toneLabels={toneLabels}
        />
      </StatCard>
      <StatCard label={t('cards.grid')} value={signedKwh(totals.netExportKwh)} icon={ArrowLeftRight} iconClassName="bg-violet-50 text-violet-700">
        <p className="font-medium text-slate-700">{t('cards.netExport')}</p>
        <p className="text-xs text-slate-500">
          {t('cards.gridDetail', { exported: formatKwh(totals.gridExportKwh, locale), imported: formatKwh(totals.gridImportKwh, locale) })}
        </p>
      </StatCard>
      <StatCard label={t('cards.health')} value={formatPercent(summary.systemHealthPct, locale)} icon={HeartPulse}>
        <p>{t('cards.healthDetail')}</p>
      </StatCard>
    </div>
  );
}
