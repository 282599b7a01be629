import type { USAGE_CATEGORIES, UsageHistory } from '@peakwise/contracts/energy.contract';
import { PieChart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { formatKwh, formatPercent, useIntlLocale } from '@/lib/format';
import { breakdownShares } from '../usage-breakdown';

type Category = (typeof USAGE_CATEGORIES)[number];

const COLORS: Record<Category, string> = {
  temperature: 'bg-orange-500',
  water_heater: 'bg-rose-500',
  power: 'bg-violet-500',
  lighting: 'bg-amber-400',
  smart_plug: 'bg-emerald-500',
  camera: 'bg-sky-500',
  water_meter: 'bg-cyan-600',
  solar_panel: 'bg-yellow-500',
  untracked: 'bg-slate-400',
};

/**
 * Where the electricity went, as labelled bars: each row says its kWh and share in words, so the
 * list reads the same to a screen reader as it looks. Shares add up to exactly 100%.
 */
export function UsageBreakdownList({ history }: { history: UsageHistory }) {
  const { t } = useTranslation('usage');
  const locale = useIntlLocale();
  const { total, shares } = breakdownShares(history.breakdown);
  const largest = shares.reduce((max, s) => Math.max(max, s.percent), 0);

  return (
    <section aria-labelledby="usage-breakdown-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="usage-breakdown-title" className="font-semibold text-slate-900">
        {t('breakdown.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('breakdown.intro', { days: history.range })}</p>
      {shares.length === 0 ? (
        <div className="mt-4">
          <EmptyState icon={PieChart} title={t('breakdown.emptyTitle')} message={t('breakdown.emptyMessage')} />
        </div>
      ) : (
        <>
          {/* One stacked bar for the whole, then a row per category. */}
          <div aria-hidden="true" className="mt-4 flex h-3 overflow-hidden rounded-full bg-slate-100">
            {shares.map((s) => (
              <div key={s.category} className={COLORS[s.category]} style={{ width: `${s.percent}%` }} />
            ))}
          </div>
          <ul className="mt-4 space-y-3">
            {shares.map((s) => (
              <li key={s.category}>
                <div className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="flex items-center gap-2 font-medium text-slate-800">
                    <span aria-hidden="true" className={`size-2.5 rounded-sm ${COLORS[s.category]}`} />
                    {t(`breakdown.categories.${s.category}`)}
                  </span>
                  <span className="whitespace-nowrap text-slate-700 tabular-nums">
                    {t('breakdown.share', { kwh: formatKwh(s.kwh, locale), percent: formatPercent(s.percent, locale) })}
                  </span>
                </div>
                <div aria-hidden="true" className="mt-1.5 h-1.5 rounded-full bg-slate-100">
                  <div className={`h-full rounded-full ${COLORS[s.category]}`} style={{ width: `${largest > 0 ? (s.percent / largest) * 100 : 0}%` }} />
                </div>
              </li>
            ))}
          </ul>
          <p className="mt-4 flex justify-between border-t border-slate-100 pt-3 text-sm font-semibold text-slate-900">
            <span>{t('breakdown.total')}</span>
            <span className="tabular-nums">{formatKwh(total, locale)}</span>
          </p>
        </>
      )}
    </section>
  );
}
