import type { DeviceSummary } from '@peakwise/contracts/devices.contract';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatPercent, useIntlLocale } from '@/lib/format';
import { statusLabel } from '../device-labels';
import { formatWatts } from '../device-metrics';
import { nextSort, sortDevices, type SortColumn, type SortState } from '../device-sort';
import { useRoomName } from '@/lib/room-name';

const COLUMNS: { column: SortColumn; key: 'device' | 'location' | 'status' | 'power' | 'efficiency'; numeric?: boolean }[] = [
  { column: 'name', key: 'device' },
  { column: 'room', key: 'location' },
  { column: 'status', key: 'status' },
  { column: 'power', key: 'power', numeric: true },
  { column: 'efficiency', key: 'efficiency', numeric: true },
];

type DeviceTableProps = { devices: DeviceSummary[]; selectedDeviceId: string | null; onSelectDevice: (id: string) => void };

export function DeviceTable({ devices, selectedDeviceId, onSelectDevice }: DeviceTableProps) {
  const { t } = useTranslation('devices');
  const locale = useIntlLocale();
  const roomName = useRoomName();
  const [sort, setSort] = useState<SortState>({ column: 'name', direction: 'ascending' });
  const rows = sortDevices(devices, sort, locale);

  return (
    <section aria-labelledby="device-table-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="device-table-title" className="font-semibold text-slate-900">
        {t('table.title')}
      </h2>
      <div className="relative mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              {COLUMNS.map(({ column, key, numeric }) => {
                const active = sort.column === column;
                const Icon = !active ? ArrowUpDown : sort.direction === 'ascending' ? ArrowUp : ArrowDown;
                return (
                  <th key={column} scope="col" aria-sort={active ? sort.direction : 'none'} className={`py-2 pr-4 font-medium ${numeric ? 'text-right' : ''}`}>
                    <button
                      type="button"
                      onClick={() => setSort(nextSort(sort, column))}
                      className="inline-flex items-center gap-1 rounded hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                    >
                      {t(`table.${key}`)}
                      <Icon aria-hidden="true" className={`size-3.5 ${active ? '' : 'opacity-40'}`} />
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((device) => (
              <tr key={device.id} className={device.id === selectedDeviceId ? 'bg-brand-50' : ''}>
                <th scope="row" className="py-2 pr-4 font-medium text-slate-900">
                  <button
                    type="button"
                    aria-pressed={device.id === selectedDeviceId}
                    onClick={() => onSelectDevice(device.id)}
                    className="rounded text-left underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                  >
                    {device.name}
                  </button>
                </th>
                <td className="py-2 pr-4 text-slate-700">{device.room ? roomName(device.room) : t('table.noRoom')}</td>
                <td className="py-2 pr-4">
                  <StatusBadge status={device.status} label={statusLabel(t, device.status)} />
                </td>
                <td className="py-2 pr-4 text-right text-slate-700 tabular-nums">{formatWatts(device.powerW, locale)}</td>
                <td className="py-2 pr-4 text-right text-slate-700 tabular-nums">{formatPercent(device.efficiencyPct, locale, { digits: 0 })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
