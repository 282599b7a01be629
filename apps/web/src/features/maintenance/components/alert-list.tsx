import type { MaintenanceAlert } from '@peakwise/contracts/maintenance.contract';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/alert-message';
import { EmptyState } from '@/components/ui/empty-state';
import { PriorityBadge, TagBadge } from '@/components/ui/priority-badge';
import { useAlertWording } from '@/lib/alert-text';
import { formatLocalDate, formatRelativeTime, useIntlLocale } from '@/lib/format';

/** Where focus goes after an alert leaves the list: the given alert, or the list's heading. */
export type FocusRequest = { alertId: string | null; seq: number };

type AlertListProps = {
  alerts: MaintenanceAlert[];
  selectedId: string | null;
  onToggle: (alertId: string) => void;
  /** The details region a selected alert opens. */
  detailsId: string;
  focusRequest: FocusRequest | null;
  error: string | null;
};

export function AlertList({ alerts, selectedId, onToggle, detailsId, focusRequest, error }: AlertListProps) {
  const { t } = useTranslation('maintenance');
  const wording = useAlertWording();
  const locale = useIntlLocale();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const now = new Date();

  useEffect(() => {
    if (!focusRequest) return;
    const buttons = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-alert-id]') ?? [])];
    (buttons.find((b) => b.dataset.alertId === focusRequest.alertId) ?? headingRef.current)?.focus();
  }, [focusRequest]);

  return (
    <section aria-labelledby="maintenance-alerts-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="maintenance-alerts-title" ref={headingRef} tabIndex={-1} className="font-semibold text-slate-900 focus:outline-none">
        {t('alerts.title')}
      </h2>
      {alerts.length > 0 && <p className="mt-1 text-xs text-slate-600">{t('alerts.hint')}</p>}
      {error && (
        <div role="alert" className="mt-3">
          <AlertMessage tone="error">{error}</AlertMessage>
        </div>
      )}
      {alerts.length === 0 ? (
        <div className="mt-4">
          <EmptyState icon={ShieldCheck} title={t('alerts.emptyTitle')} message={t('alerts.emptyMessage')} />
        </div>
      ) : (
        <ul ref={listRef} className="mt-3 space-y-2">
          {alerts.map((alert) => {
            const selected = alert.id === selectedId;
            return (
              <li key={alert.id}>
                <button
                  type="button"
                  data-alert-id={alert.id}
                  aria-pressed={selected}
                  aria-controls={selected ? detailsId : undefined}
                  onClick={() => onToggle(alert.id)}
                  className={`block w-full rounded-lg border px-3.5 py-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                    selected ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600' : 'border-slate-200 hover:border-slate-300 hover:bg-slate-50'
                  }`}
                >
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="mr-auto font-medium text-slate-900">{wording.device(alert)}</span>
                    <TagBadge label={wording.type(alert.type)} />
                    <PriorityBadge priority={alert.priority} label={wording.priority(alert.priority)} />
                  </span>
                  <span className="mt-1 block text-sm text-slate-700">{wording.message(alert)}</span>
                  <span className="mt-1 block text-xs text-slate-600">
                    {t('alerts.detected', { when: formatRelativeTime(alert.detectedAt, now, locale) })}
                    {alert.scheduledFor && ` · ${t('alerts.scheduled', { date: formatLocalDate(alert.scheduledFor, locale) })}`}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
