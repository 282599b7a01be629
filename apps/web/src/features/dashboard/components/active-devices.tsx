import type { Dashboard } from '@peakwise/contracts/energy.contract';
import { ArrowRight, PlugZap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDeviceKw, useIntlLocale } from '@/lib/format';
import { useRoomName } from '@/lib/room-name';
import { ConnectLinks } from './connect-links';

export function ActiveDevices({ devices }: { devices: Dashboard['activeDevices'] }) {
  const { t } = useTranslation('dashboard');
  const roomName = useRoomName();
  const locale = useIntlLocale();
  return (
    <section aria-labelledby="dashboard-devices-title" className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <h2 id="dashboard-devices-title" className="font-semibold text-slate-900">
          {t('devices.title')}
        </h2>
        <Link
          to="/app/devices"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {t('devices.viewAll')}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      {devices.length === 0 ? (
        <div className="mt-4">
          <EmptyState icon={PlugZap} title={t('devices.emptyTitle')} message={t('devices.emptyMessage')}>
            <ConnectLinks importLink={false} className="mt-3" />
          </EmptyState>
        </div>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {devices.map((device) => (
            <li key={device.id} className="flex items-center justify-between gap-3 py-2.5">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-900">{device.name}</p>
                <p className="text-xs text-slate-500">{device.room ? roomName(device.room) : t('devices.noRoom')}</p>
              </div>
              <span className="shrink-0 text-sm font-semibold text-slate-900 tabular-nums">{formatDeviceKw(device.powerKw, locale)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
