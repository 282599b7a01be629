import type { OpsEvent } from '@peakwise/contracts/events.contract';
import { CalendarClock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useIntlLocale } from '@/lib/format';
import { useOpsEvents, useOpsPrograms } from './api/use-ops';
import { CancelEventDialog } from './components/cancel-event-dialog';
import { EditEventDialog } from './components/edit-event-dialog';
import { EventImpactPanel } from './components/event-impact-panel';
import { EventsTable } from './components/events-table';
import { LiveEventPanel } from './components/live-event-panel';
import { ScheduleEventForm } from './components/schedule-event-form';
import { formatEventStart } from './event-format';
import { programTimeZone } from './ops-time-zones';

/** Edit and Cancel go away on their own once an event starts, without a reload. */
function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

const CARD = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

/** The operator console's one page: schedule an event, and every event with its reach and results. */
export default function OpsEventsPage() {
  const { t } = useTranslation('ops');
  const locale = useIntlLocale();
  const now = useNow();
  const programs = useOpsPrograms();
  const events = useOpsEvents();
  const [editing, setEditing] = useState<OpsEvent | null>(null);
  const [cancelling, setCancelling] = useState<OpsEvent | null>(null);
  const programList = programs.data ?? [];
  const zoneOf = (event: OpsEvent | null) => programTimeZone(programList.find((p) => p.id === event?.programId));
  const settled = events.data?.filter((e) => e.status === 'settled') ?? [];

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader title={t('events.title')} intro={t('events.intro')} />

      {events.data?.filter((e) => e.status === 'active').map((e) => <LiveEventPanel key={e.id} event={e} timeZone={zoneOf(e)} />)}

      <section aria-labelledby="schedule-title" className={`${CARD} max-w-3xl`}>
        <h2 id="schedule-title" className="text-lg font-semibold text-slate-900">
          {t('form.scheduleTitle')}
        </h2>
        <p className="mt-1 mb-5 text-sm text-slate-600">{t('form.scheduleIntro')}</p>
        {programs.data && <ScheduleEventForm programs={programs.data} />}
      </section>

      <section aria-labelledby="events-title" className={CARD}>
        <h2 id="events-title" className="text-lg font-semibold text-slate-900">
          {t('events.listTitle')}
        </h2>
        <div className="mt-4">
          {events.isPending ? (
            <Spinner label={t('events.loading')} />
          ) : events.isError ? (
            <LoadError title={t('loadFailed.title')} message={t('loadFailed.message')} retryLabel={t('loadFailed.retry')} onRetry={() => void events.refetch()} retrying={events.isFetching} />
          ) : events.data.length === 0 ? (
            <EmptyState icon={CalendarClock} title={t('events.emptyTitle')} message={t('events.emptyMessage')} />
          ) : (
            <EventsTable events={events.data} programs={programList} now={now} onEdit={setEditing} onCancel={setCancelling} />
          )}
        </div>
      </section>

      {settled.length > 0 && <EventImpactPanel events={settled} zoneOf={zoneOf} />}

      <EditEventDialog event={editing} timeZone={zoneOf(editing)} onClose={() => setEditing(null)} />
      <CancelEventDialog event={cancelling} when={cancelling ? formatEventStart(cancelling.startsAt, zoneOf(cancelling), locale) : ''} onClose={() => setCancelling(null)} />
    </div>
  );
}
