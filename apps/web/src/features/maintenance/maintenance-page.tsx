import { MAINTENANCE_RANGES, type ComponentStatus, type MaintenanceAlert } from '@peakwise/contracts/maintenance.contract';
import { Wrench } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton } from '@/components/ui/page-skeleton';
import { Skeleton } from '@/components/ui/skeleton';
import { useAlertWording } from '@/lib/alert-text';
import { formatTime, useIntlLocale } from '@/lib/format';
import { useUrlChoice } from '@/lib/use-url-choice';
import { useMaintenanceOverview } from './api/use-maintenance';
import { useDismissAlert } from './api/use-maintenance-actions';
import { actionErrorText } from './action-error';
import { AlertDetails } from './components/alert-details';
import { AlertList, type FocusRequest } from './components/alert-list';
import { ComponentTable } from './components/component-table';
import { MaintenanceCards } from './components/maintenance-cards';
import { MaintenanceDialog, type DialogRequest } from './components/maintenance-dialog';
import { PerformanceChart } from './components/performance-chart';
import { UpcomingMaintenance } from './components/upcoming-maintenance';

const DETAILS_ID = 'maintenance-alert-details';

export default function MaintenancePage() {
  const { t } = useTranslation('maintenance');
  const locale = useIntlLocale();
  const wording = useAlertWording();
  const [range, setRange] = useUrlChoice('range', MAINTENANCE_RANGES, '30d');
  const [dialog, setDialog] = useState<{ request: DialogRequest; open: boolean; seq: number } | null>(null);
  const query = useMaintenanceOverview(range, { holdLive: dialog?.open ?? false });
  const overview = query.data;
  const switching = query.isFetching && query.isPlaceholderData;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const dismiss = useDismissAlert();

  // A selected alert that a refetch no longer lists (it cleared) simply deselects.
  const selected = overview?.alerts.find((a) => a.id === selectedId) ?? null;

  const openDialog = (request: DialogRequest) => setDialog((d) => ({ request, open: true, seq: (d?.seq ?? 0) + 1 }));
  const takeAction = (alert: MaintenanceAlert) =>
    openDialog({ kind: 'take-action', alert, component: overview?.components.find((c) => c.id === alert.componentId) ?? null });

  const dismissSelected = (alert: MaintenanceAlert) => {
    const alerts = overview?.alerts ?? [];
    const index = alerts.findIndex((a) => a.id === alert.id);
    // Focus moves to the next alert (or the previous one, or the list's heading) once this one is gone.
    const neighbour = alerts[index + 1] ?? alerts[index - 1] ?? null;
    dismiss.mutate(alert.id, {
      onSuccess: () => {
        setSelectedId(null);
        setAnnouncement(t('alerts.dismissed', { title: wording.title(alert) }));
        setFocusRequest((f) => ({ alertId: neighbour?.id ?? null, seq: (f?.seq ?? 0) + 1 }));
      },
    });
  };

  return (
    <div className="space-y-6">
      <PageHeader title={t('title')} intro={t('intro')} />
      <p aria-live="polite" className="sr-only" data-testid="maintenance-announcer">
        {announcement}
      </p>

      {query.isError && !query.isFetching && !overview ? (
        <LoadError title={t('error.title')} message={t('error.message')} retryLabel={t('error.retry')} onRetry={() => void query.refetch()} />
      ) : !overview ? (
        <PageSkeleton cards={4}>
          <div className="grid grid-cols-1 gap-6 xl:grid-cols-5">
            <Skeleton className="h-80 xl:col-span-2" />
            <Skeleton className="h-80 xl:col-span-3" />
          </div>
          <Skeleton className="h-64" />
        </PageSkeleton>
      ) : overview.components.length === 0 && overview.alerts.length === 0 ? (
        <EmptyState icon={Wrench} title={t('empty.title')} message={t('empty.message')} />
      ) : (
        <div className="space-y-6">
          <MaintenanceCards overview={overview} />
          <div className="grid grid-cols-1 gap-6 xl:grid-cols-5">
            <div className="xl:col-span-2">
              <AlertList
                alerts={overview.alerts}
                selectedId={selected?.id ?? null}
                onToggle={(id) => {
                  // A refusal belongs to the alert it was about; a dismiss still under way keeps its callbacks.
                  if (!dismiss.isPending) dismiss.reset();
                  setSelectedId((current) => (current === id ? null : id));
                }}
                detailsId={DETAILS_ID}
                focusRequest={focusRequest}
                error={dismiss.isError ? t('alerts.dismissFailed', { reason: actionErrorText(t, dismiss.error) }) : null}
              />
            </div>
            {/* The tall alert list leaves room beside it: the chart (or details) and what is due next. */}
            <div className="space-y-6 xl:col-span-3">
              {/* The performance chart shows only while no alert is selected (docs/product/routes-and-screens.md#maintenance). */}
              {selected ? (
                <AlertDetails
                  id={DETAILS_ID}
                  alert={selected}
                  timeZone={overview.timeZone}
                  onClose={() => setSelectedId(null)}
                  onDismiss={() => dismissSelected(selected)}
                  dismissing={dismiss.isPending}
                  onTakeAction={() => takeAction(selected)}
                />
              ) : (
                <PerformanceChart overview={overview} range={range} onRangeChange={setRange} switching={switching} />
              )}
              <UpcomingMaintenance
                upcoming={overview.upcoming}
                today={overview.today}
                onSchedule={(component: ComponentStatus) => openDialog({ kind: 'schedule', component })}
                onComplete={(component: ComponentStatus) => openDialog({ kind: 'complete', component })}
              />
            </div>
          </div>
          <ComponentTable components={overview.components} />
          <p className="text-xs text-slate-500">{t('updated', { time: formatTime(new Date(query.dataUpdatedAt).toISOString(), overview.timeZone, locale) })}</p>
          {dialog && (
            <MaintenanceDialog
              key={dialog.seq}
              request={dialog.request}
              open={dialog.open}
              today={overview.today}
              onClose={() => setDialog((d) => (d ? { ...d, open: false } : d))}
              onDone={setAnnouncement}
            />
          )}
        </div>
      )}
    </div>
  );
}
