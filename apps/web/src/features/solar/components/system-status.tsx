import type { SolarSummary } from '@peakwise/contracts/energy.contract';
import { SunDim } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatPercent, useIntlLocale } from '@/lib/format';

const KNOWN_STATUSES = ['operational', 'warning', 'critical', 'offline'] as const;
type KnownStatus = (typeof KNOWN_STATUSES)[number];
const isKnown = (status: string): status is KnownStatus => (KNOWN_STATUSES as readonly string[]).includes(status);

export function SystemStatus({ panels }: { panels: SolarSummary['panels'] }) {
  const { t } = useTranslation('solar');
  const locale = useIntlLocale();
  // A status we have no word for is still shown, as is, in the neutral style.
  const statusLabel = (status: string) => (isKnown(status) ? t(`status.${status}`) : status || t('status.unknown'));
  return (
    <section aria-labelledby="solar-status-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="solar-status-title" className="font-semibold text-slate-900">
        {t('status.title')}
      </h2>
      {panels.length === 0 ? (
        <div className="mt-4">
          <EmptyState icon={SunDim} title={t('status.emptyTitle')} message={t('status.emptyMessage')} />
        </div>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {panels.map((panel) => (
            <li key={panel.id} className="flex items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{panel.name}</p>
                <p className="text-xs text-slate-500">{t('status.efficiency', { value: formatPercent(panel.efficiencyPct, locale) })}</p>
              </div>
              <StatusBadge status={panel.status} label={statusLabel(panel.status)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
