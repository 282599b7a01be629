import type { Dashboard } from '@peakwise/contracts/energy.contract';
import { CircleDollarSign, Plug, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatCard } from '@/components/ui/stat-card';
import { formatCad, formatKw, formatKwh, formatTime, useIntlLocale } from '@/lib/format';
import type { LiveSnapshot } from '@/lib/live';
import { currentPower } from '../current-power';
import { ConnectLinks } from './connect-links';
import { RewardPointsCard } from './reward-points-card';

export function DashboardCards({ dashboard, live }: { dashboard: Dashboard; live: LiveSnapshot }) {
  const { t } = useTranslation('dashboard');
  const locale = useIntlLocale();
  const power = currentPower(live.power, { kw: dashboard.currentPowerKw, at: dashboard.currentPowerAt });
  const streaming = live.status === 'open';

  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <div className="col-span-2 grid xl:col-span-1">
        <StatCard label={t('cards.currentUsage')} value={formatKw(power?.kw ?? null, locale)} icon={Zap} iconClassName="bg-amber-50 text-amber-700">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            {/* Live only beside a reading: a stream with nothing on it is not live usage (issue 30). */}
            {streaming && power && (
              <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                <span aria-hidden="true" className="relative flex size-2">
                  <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-75" />
                  <span className="relative inline-flex size-2 rounded-full bg-emerald-500" />
                </span>
                {t('cards.live')}
              </span>
            )}
            {power ? (
              <span data-testid="power-time">{t('cards.sampleAt', { time: formatTime(power.at, dashboard.timeZone, locale) })}</span>
            ) : (
              // A plug is not the home: with plugs reporting and no meter, say what whole-home usage needs.
              <span>{t(dashboard.activeDeviceCount > 0 ? 'cards.noMeter' : 'cards.noRecentSample')}</span>
            )}
          </div>
          {!power && <ConnectLinks className="mt-2 justify-start" />}
          {live.status === 'reconnecting' && <p className="mt-1 text-xs text-slate-500">{t('cards.reconnecting')}</p>}
        </StatCard>
      </div>
      <StatCard label={t('cards.todayCost')} value={formatCad(dashboard.todayCostCents, locale)} icon={CircleDollarSign} iconClassName="bg-emerald-50 text-emerald-700">
        <p>{t('cards.todayDetail', { kwh: formatKwh(dashboard.todayKwh, locale), imported: formatKwh(dashboard.todayGridImportKwh, locale) })}</p>
      </StatCard>
      <StatCard label={t('cards.activeDevices')} value={t('cards.devices', { count: dashboard.activeDeviceCount })} icon={Plug} iconClassName="bg-sky-50 text-sky-700">
        <p>{t('cards.activeDetail')}</p>
      </StatCard>
      <div className="col-span-2 grid xl:col-span-1">
        <RewardPointsCard />
      </div>
    </div>
  );
}
