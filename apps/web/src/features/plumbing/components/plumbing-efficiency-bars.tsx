import type { PlumbingReady } from '@peakwise/contracts/plumbing.contract';
import { efficiencyColour, type EfficiencyColour } from '@peakwise/domain/plumbing-metrics';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '@/components/ui/progress-bar';
import { formatPercent, useIntlLocale } from '@/lib/format';

// Bar fills with ≥ 3:1 contrast on the track; the status word is spoken and printed too, so colour is never the only signal.
const FILL: Record<EfficiencyColour, string> = { green: 'bg-emerald-600', amber: 'bg-amber-500', red: 'bg-red-600' };

export function PlumbingEfficiencyBars({ summary }: { summary: PlumbingReady }) {
  const { t } = useTranslation('plumbing');
  const locale = useIntlLocale();
  return (
    <section aria-labelledby="plumbing-efficiency-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="plumbing-efficiency-title" className="font-semibold text-slate-900">
        {t('efficiency.title')}
      </h2>
      <div className="mt-4 space-y-5">
        {summary.efficiency.bars.map((bar) => {
          // The colour rule (docs/product/domain-rules.md#plumbing), applied here from the shared domain function.
          const colour = bar.percent === null ? null : efficiencyColour(bar.kind, bar.percent);
          const status = colour === null ? t('efficiency.noData') : t(`efficiency.${colour}`);
          return (
            <div key={bar.kind} data-kind={bar.kind} data-colour={colour ?? 'none'}>
              <ProgressBar
                label={t(`efficiency.${bar.kind}`)}
                value={bar.percent}
                formatted={`${formatPercent(bar.percent, locale, { digits: 0 })} · ${status}`}
                description={t(`efficiency.${bar.kind}Help`, { target: formatPercent(bar.target, locale, { digits: 0 }) })}
                colorClass={colour === null ? 'bg-slate-300' : FILL[colour]}
              />
            </div>
          );
        })}
      </div>
    </section>
  );
}
