import type { OpsEvent } from '@peakwise/contracts/events.contract';
import type { OpsProgram } from '@peakwise/contracts/event-programs.contract';
import { Pencil, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatKwh, formatPercent, MISSING, useIntlLocale } from '@/lib/format';
import { formatEventStart, formatEventWindow } from '../event-format';
import { programTimeZone } from '../ops-time-zones';
import { EventStatusBadge } from './event-status-badge';

type EventsTableProps = {
  events: OpsEvent[];
  programs: OpsProgram[];
  now: Date;
  onEdit: (event: OpsEvent) => void;
  onCancel: (event: OpsEvent) => void;
};

/** The server's rule for changes: a scheduled event, before its start. */
export function canChange(event: OpsEvent, now: Date): boolean {
  return event.status === 'scheduled' && Date.parse(event.startsAt) > now.getTime();
}

const HEAD = 'py-2 pr-4 font-medium whitespace-nowrap';
const CELL = 'py-3 pr-4 align-top';

export function EventsTable({ events, programs, now, onEdit, onCancel }: EventsTableProps) {
  const { t } = useTranslation('ops');
  const locale = useIntlLocale();
  const number = new Intl.NumberFormat(locale);
  const zoneOf = (event: OpsEvent) => programTimeZone(programs.find((p) => p.id === event.programId));

  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className={HEAD}>{t('events.columns.status')}</th>
            <th scope="col" className={HEAD}>{t('events.columns.program')}</th>
            <th scope="col" className={HEAD}>{t('events.columns.window')}</th>
            <th scope="col" className={`${HEAD} text-right`}>{t('events.columns.reward')}</th>
            <th scope="col" className={`${HEAD} text-right`}>{t('events.columns.target')}</th>
            <th scope="col" className={`${HEAD} text-right`}>{t('events.columns.reach')}</th>
            <th scope="col" className={`${HEAD} text-right`}>{t('events.columns.optedIn')}</th>
            <th scope="col" className={HEAD}>{t('events.columns.results')}</th>
            <th scope="col" className={HEAD}>
              <span className="sr-only">{t('events.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {events.map((event) => {
            const zone = zoneOf(event);
            const labelValues = { program: event.programName, when: formatEventStart(event.startsAt, zone, locale) };
            return (
              <tr key={event.id} data-event-id={event.id}>
                <td className={CELL}>
                  <EventStatusBadge status={event.status} />
                </td>
                <th scope="row" className={`${CELL} font-medium text-slate-900`}>
                  {event.programName}
                </th>
                <td className={`${CELL} min-w-56 text-slate-800`}>
                  <span className="block">{formatEventWindow(event.startsAt, event.endsAt, zone, locale)}</span>
                  <span className="block text-xs text-slate-600">
                    {t(`zones.${zone}`)} · {zone}
                  </span>
                </td>
                <td className={`${CELL} text-right whitespace-nowrap tabular-nums`}>{t('events.points', { count: event.rewardPoints, formatted: number.format(event.rewardPoints) })}</td>
                <td className={`${CELL} text-right whitespace-nowrap tabular-nums`}>
                  {/* The short figure fits the column; a screen reader hears what it is measured against. */}
                  <span aria-hidden="true">{formatPercent(event.targetPercent, locale, { digits: 0 })}</span>
                  <span className="sr-only">{t('events.belowBaseline', { percent: formatPercent(event.targetPercent, locale, { digits: 0 }) })}</span>
                </td>
                <td className={`${CELL} text-right whitespace-nowrap tabular-nums`}>{number.format(event.reach)}</td>
                <td className={`${CELL} text-right whitespace-nowrap tabular-nums`}>{number.format(event.optedIn)}</td>
                <td className={`${CELL} min-w-44 text-slate-800`}>
                  {event.settled ? (
                    <ul>
                      <li>
                        {event.settled.reductionKwh >= 0
                          ? t('events.reduced', { kwh: formatKwh(event.settled.reductionKwh, locale) })
                          : t('events.increased', { kwh: formatKwh(-event.settled.reductionKwh, locale) })}
                      </li>
                      <li>{t('events.awarded', { points: t('events.points', { count: event.settled.pointsAwarded, formatted: number.format(event.settled.pointsAwarded) }) })}</li>
                      {(event.settled.pointsHeld ?? 0) > 0 && (
                        <li className="text-xs text-slate-600">{t('events.held', { points: t('events.points', { count: event.settled.pointsHeld, formatted: number.format(event.settled.pointsHeld ?? 0) }) })}</li>
                      )}
                      <li className="text-xs text-slate-600">{t('events.settledHouseholds', { count: event.settled.households })}</li>
                      {event.settled.insufficientData > 0 && <li className="text-xs text-amber-800">{t('events.insufficient', { count: event.settled.insufficientData })}</li>}
                    </ul>
                  ) : event.status === 'cancelled' ? (
                    // A cancelled event never settles: nothing to wait for.
                    <span className="text-slate-600">{MISSING}</span>
                  ) : (
                    <span className="text-slate-600">{t('events.notSettled')}</span>
                  )}
                </td>
                <td className={`${CELL} whitespace-nowrap`}>
                  {canChange(event, now) && (
                    <div className="flex flex-col items-stretch gap-2">
                      <Button variant="secondary" size="sm" onClick={() => onEdit(event)} aria-label={t('events.editLabel', labelValues)}>
                        <Pencil aria-hidden="true" className="size-4" />
                        {t('events.edit')}
                      </Button>
                      <Button variant="secondary" size="sm" onClick={() => onCancel(event)} aria-label={t('events.cancelLabel', labelValues)}>
                        <X aria-hidden="true" className="size-4" />
                        {t('events.cancel')}
                      </Button>
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
