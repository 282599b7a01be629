import type { SolarSummary } from '@peakwise/contracts/energy.contract';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '@/components/ui/progress-bar';
import { formatPercent, useIntlLocale } from '@/lib/format';

export function EfficiencyBars({ summary }: { summary: SolarSummary }) {
  const { t } = useTranslation('solar');
  const locale = useIntlLocale();
  const bars = [
    { key: 'panel', value: summary.panelEfficiencyPct, color: 'bg-amber-500' },
    { key: 'system', value: summary.systemEfficiencyPct, color: 'bg-brand-600' },
    { key: 'independence', value: summary.gridIndependencePct, color: 'bg-sky-600' },
  ] as const;
  return (
    <section aria-labelledby="solar-efficiency-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="solar-efficiency-title" className="font-semibold text-slate-900">
        {t('efficiency.title')}
      </h2>
      <div className="mt-4 space-y-5">
        {bars.map((bar) => (
          <ProgressBar
            key={bar.key}
            label={t(`efficiency.${bar.key}`)}
            value={bar.value}
            formatted={formatPercent(bar.value, locale)}
            description={t(`efficiency.${bar.key}Help`)}
            colorClass={bar.color}
          />
        ))}
      </div>
    </section>
  );
}
