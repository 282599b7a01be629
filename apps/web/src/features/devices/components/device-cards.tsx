import type { DevicesOverview } from '@peakwise/contracts/devices.contract';
import { Activity, Gauge, Plug, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatCard } from '@/components/ui/stat-card';
import { formatKw, formatPercent, useIntlLocale } from '@/lib/format';

export function DeviceCards({ cards }: { cards: DevicesOverview['cards'] }) {
  const { t } = useTranslation('devices');
  const locale = useIntlLocale();
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard label={t('cards.active')} value={String(cards.activeCount)} icon={Plug} iconClassName="bg-sky-50 text-sky-700">
        <p>{t('cards.activeDetail', { active: cards.activeCount, total: cards.deviceCount })}</p>
      </StatCard>
      <StatCard
        label={t('cards.power')}
        value={formatKw(cards.totalPowerW === null ? null : cards.totalPowerW / 1000, locale, 1)}
        icon={Zap}
        iconClassName="bg-amber-50 text-amber-700"
      >
        <p>{t('cards.powerDetail')}</p>
      </StatCard>
      <StatCard label={t('cards.efficiency')} value={formatPercent(cards.averageEfficiencyPct, locale, { digits: 0 })} icon={Gauge} iconClassName="bg-emerald-50 text-emerald-700">
        <p>{t('cards.efficiencyDetail')}</p>
      </StatCard>
      <StatCard label={t('cards.uptime')} value={formatPercent(cards.uptimePct, locale, { digits: 0 })} icon={Activity} iconClassName="bg-violet-50 text-violet-700">
        <p>{t('cards.uptimeDetail')}</p>
      </StatCard>
    </div>
  );
}
