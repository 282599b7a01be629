import type { ComponentStatus } from '@peakwise/contracts/maintenance.contract';
import { CalendarCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useAlertWording } from '@/lib/alert-text';
import { useComponentName } from '@/lib/component-name';
import { formatLocalDate, useIntlLocale } from '@/lib/format';
import { daysBetween } from '@peakwise/domain/local-time';
import { formatRelativeDate } from '@/lib/local-date';
import { useRoomName } from '@/lib/room-name';

type UpcomingProps = {
  upcoming: ComponentStatus[];
  today: string;
  onSchedule: (component: ComponentStatus) => void;
  onComplete: (component: ComponentStatus) => void;
};

/** The components due soonest (three, docs/product/constants.md#maintenance), each with Schedule and Mark as done. */
export function UpcomingMaintenance({ upcoming, today, onSchedule, onComplete }: UpcomingProps) {
  const { t } = useTranslation('maintenance');
  const wording = useAlertWording();
  const componentName = useComponentName();
  const roomName = useRoomName();
  const locale = useIntlLocale();
  return (
    <section aria-labelledby="upcoming-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="upcoming-title" className="font-semibold text-slate-900">
        {t('upcoming.title')}
      </h2>
      {upcoming.length === 0 ? (
        <div className="mt-4">
          <EmptyState icon={CalendarCheck} title={t('upcoming.emptyTitle')} message={t('upcoming.emptyMessage')} />
        </div>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {upcoming.map((c) => {
            const due = c.nextMaintenance;
            const overdue = due !== null && daysBetween(today, due) < 0;
            const nameId = `upcoming-${c.id}`;
            return (
              <li key={c.id} data-overdue={overdue} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    <span id={nameId}>{componentName(c)}</span>
                    {c.room && <span className="font-normal text-slate-600"> · {roomName(c.room)}</span>}
                  </p>
                  <p className="text-sm text-slate-700">{wording.task(c.task)}</p>
                  <p className={`mt-0.5 text-xs ${overdue ? 'font-semibold text-red-700' : 'text-slate-600'}`}>
                    {overdue && <span className="mr-1.5 inline-flex rounded-full bg-red-50 px-2 py-0.5 ring-1 ring-red-200 ring-inset">{t('upcoming.overdue')}</span>}
                    {due
                      ? t('upcoming.due', { date: formatLocalDate(due, locale, { year: 'numeric', month: 'short', day: 'numeric' }), when: formatRelativeDate(due, today, locale) })
                      : t('upcoming.noDate')}
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  {/* The buttons repeat on every row; the component's name tells them apart for screen readers. */}
                  <Button variant="secondary" size="sm" aria-describedby={nameId} onClick={() => onComplete(c)}>
                    {t('upcoming.markDone')}
                  </Button>
                  <Button size="sm" aria-describedby={nameId} onClick={() => onSchedule(c)}>
                    {t('upcoming.schedule')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
