import type { DeviceHistoryRange, DeviceRoom, DeviceSummary } from '@peakwise/contracts/devices.contract';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatDateTime, formatPercent, useIntlLocale } from '@/lib/format';
import { useDeviceHistory } from '../api/use-devices';
import { kindLabel, statusLabel } from '../device-labels';
import { formatMetric, formatWatts, isKnownMetric } from '../device-metrics';
import { DeviceHistoryChart } from './device-history-chart';
import { DeviceSettings } from './device-settings';
import { PlugSwitch } from './plug-switch';
import { useRoomName } from '@/lib/room-name';

type Props = { device: DeviceSummary; rooms: DeviceRoom[]; timeZone: string; onClose: () => void };

export function DeviceDetail({ device, rooms, timeZone, onClose }: Props) {
  const { t } = useTranslation('devices');
  const locale = useIntlLocale();
  const roomName = useRoomName();
  const [range, setRange] = useState<DeviceHistoryRange>('24h');
  const history = useDeviceHistory(device.id, range);
  const latest = history.data?.deviceId === device.id ? history.data.latest : null;
  const metrics = Object.entries(latest?.metrics ?? {}).filter(([key]) => isKnownMetric(key));

  return (
    <section aria-labelledby="device-detail-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{kindLabel(t, device.kind)}</p>
          <h2 id="device-detail-title" tabIndex={-1} className="scroll-mt-4 rounded font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
            {device.name}
          </h2>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('detail.close')}
          className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
        <Item term={t('detail.location')} value={device.room ? roomName(device.room) : t('table.noRoom')} />
        <div>
          <dt className="text-slate-500">{t('detail.status')}</dt>
          <dd className="mt-0.5">
            <StatusBadge status={device.status} label={statusLabel(t, device.status)} />
          </dd>
        </div>
        <Item term={t('detail.power')} value={formatWatts(device.powerW, locale)} />
        <Item term={t('detail.efficiency')} value={formatPercent(device.efficiencyPct, locale, { digits: 0 })} />
        <Item className="col-span-2" term={t('detail.lastSeen')} value={device.lastSeenAt ? formatDateTime(device.lastSeenAt, timeZone, locale) : t('detail.never')} />
      </dl>

      <h3 className="mt-5 text-sm font-semibold text-slate-900">{t('detail.metrics')}</h3>
      {metrics.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{t('detail.noMetrics')}</p>
      ) : (
        <dl data-testid="device-metrics" className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          {metrics.map(([key, value]) => (isKnownMetric(key) ? <Item key={key} term={t(`metric.${key}`)} value={formatMetric(key, value, locale)} /> : null))}
        </dl>
      )}

      {device.kind === 'smart_plug' ? (
        <div className="mt-5 border-t border-slate-100 pt-4">
          {/* Keyed by device: a pending or failed switch belongs to the plug it was sent to. */}
          <PlugSwitch key={device.id} deviceId={device.id} name={device.name} relayOn={device.relayOn} neverSwitch={device.neverSwitch} />
        </div>
      ) : null}

      <div className="mt-5 border-t border-slate-100 pt-4">
        <DeviceHistoryChart range={range} onRangeChange={setRange} query={history} />
      </div>

      <DeviceSettings device={device} rooms={rooms} onRemoved={onClose} />
    </section>
  );
}

function Item({ term, value, className }: { term: string; value: string; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-slate-500">{term}</dt>
      <dd className="mt-0.5 font-medium text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}
