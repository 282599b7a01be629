import type { ComponentStatus } from '@peakwise/contracts/maintenance.contract';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '@/components/ui/progress-bar';
import { StatusBadge, statusTone, type StatusTone } from '@/components/ui/status-badge';
import { useComponentName } from '@/lib/component-name';
import { MISSING, formatLocalDate, formatPercent, useIntlLocale } from '@/lib/format';
import { useRoomName } from '@/lib/room-name';
import { DEFAULT_SORT, nextSort, sortComponents, type ComponentColumn, type ComponentSort } from '../component-sort';
import { useStatusLabel } from '../status-label';
import { MtbfCell, MttrCell } from './reliability-cells';

const COLUMNS: { column: ComponentColumn; key: 'component' | 'health' | 'status' | 'mtbf' | 'mttr' | 'last' | 'next'; title?: 'mtbfTitle' | 'mttrTitle'; numeric?: boolean }[] = [
  { column: 'name', key: 'component' },
  { column: 'health', key: 'health' },
  { column: 'status', key: 'status' },
  { column: 'mtbf', key: 'mtbf', title: 'mtbfTitle', numeric: true },
  { column: 'mttr', key: 'mttr', title: 'mttrTitle', numeric: true },
  { column: 'last', key: 'last' },
  { column: 'next', key: 'next' },
];

// Bar fills with ≥ 3:1 contrast on the track; the status word sits beside it, so colour is never the only signal.
const FILL: Record<StatusTone, string> = { good: 'bg-emerald-600', warning: 'bg-amber-500', critical: 'bg-red-600', neutral: 'bg-slate-400' };

export function ComponentTable({ components }: { components: ComponentStatus[] }) {
  const { t } = useTranslation('maintenance');
  const locale = useIntlLocale();
  const statusLabel = useStatusLabel();
  const componentName = useComponentName();
  const roomName = useRoomName();
  const [sort, setSort] = useState<ComponentSort>(DEFAULT_SORT);
  const rows = sortComponents(components, sort, locale, componentName);
  const date = (value: string | null) => (value ? formatLocalDate(value, locale, { year: 'numeric', month: 'short', day: 'numeric' }) : MISSING);
  const hasLowerBound = components.some((c) => c.reliabilitySource === 'no_failures' && c.mtbfHours !== null);

  return (
    <section aria-labelledby="component-table-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="component-table-title" className="font-semibold text-slate-900">
        {t('table.title')}
      </h2>
      <div className="relative mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              {COLUMNS.map(({ column, key, title, numeric }) => {
                const active = sort.column === column;
                const Icon = !active ? ArrowUpDown : sort.direction === 'ascending' ? ArrowUp : ArrowDown;
                return (
                  <th key={column} scope="col" aria-sort={active ? sort.direction : 'none'} className={`py-2 pr-4 font-medium whitespace-nowrap ${numeric ? 'text-right' : ''}`}>
                    <button
                      type="button"
                      onClick={() => setSort(nextSort(sort, column))}
                      className="inline-flex items-center gap-1 rounded hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                    >
                      {title ? <abbr title={t(`table.${title}`)}>{t(`table.${key}`)}</abbr> : t(`table.${key}`)}
                      <Icon aria-hidden="true" className={`size-3.5 ${active ? '' : 'opacity-40'}`} />
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((c) => (
              <tr key={c.id} data-component-id={c.id}>
                <th scope="row" className="py-2.5 pr-4 text-left font-normal">
                  <span className="block font-medium text-slate-900">{componentName(c)}</span>
                  <span className="block text-xs text-slate-600">{c.room ? roomName(c.room) : t('table.noRoom')}</span>
                </th>
                <td className="min-w-36 py-2.5 pr-4">
                  <ProgressBar
                    hideLabel
                    label={t('table.healthOf', { name: componentName(c) })}
                    value={c.healthPct}
                    formatted={formatPercent(c.healthPct, locale)}
                    colorClass={FILL[statusTone(c.status)]}
                  />
                </td>
                <td className="py-2.5 pr-4">
                  <StatusBadge status={c.status} label={statusLabel(c.status)} />
                </td>
                <td className="py-2.5 pr-4 text-right whitespace-nowrap text-slate-700 tabular-nums">
                  <MtbfCell component={c} />
                </td>
                <td className="py-2.5 pr-4 text-right whitespace-nowrap text-slate-700 tabular-nums">
                  <MttrCell hours={c.mttrHours} />
                </td>
                <td className="py-2.5 pr-4 whitespace-nowrap text-slate-700">{date(c.lastMaintenance)}</td>
                <td className="py-2.5 pr-4 whitespace-nowrap text-slate-700">
                  {date(c.nextMaintenance)}
                  {c.nextMaintenanceSource === 'scheduled' && <span className="block text-xs text-slate-600">{t('table.chosenDate')}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {hasLowerBound && <p className="mt-3 text-xs text-slate-600">{t('table.atLeastLegend')}</p>}
    </section>
  );
}
