import type { MaintenanceAlert } from '@peakwise/contracts/maintenance.contract';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PriorityBadge, TagBadge } from '@/components/ui/priority-badge';
import { useAlertWording } from '@/lib/alert-text';
import { formatLocalDate, formatRelativeTime, useIntlLocale } from '@/lib/format';

type AlertDetailsProps = {
  id: string;
  alert: MaintenanceAlert;
  timeZone: string;
  onClose: () => void;
  onDismiss: () => void;
  dismissing: boolean;
  onTakeAction: () => void;
};

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
      <dt className="text-slate-600">{term}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** The selected alert in full, with what the member can do about it (Dismiss, Take Action; docs/product/routes-and-screens.md#maintenance). */
export function AlertDetails({ id, alert, timeZone, onClose, onDismiss, dismissing, onTakeAction }: AlertDetailsProps) {
  const { t } = useTranslation('maintenance');
  const wording = useAlertWording();
  const locale = useIntlLocale();
  const metric = wording.metric(alert);
  const detected = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(alert.detectedAt));
  return (
    <section id={id} aria-labelledby="maintenance-details-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <h2 id="maintenance-details-title" className="font-semibold text-slate-900">
          {t('details.title')}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('details.close')}
          className="-mt-1 -mr-2 rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <h3 className="mt-3 text-lg font-semibold text-slate-900">{wording.title(alert)}</h3>
      <p className="mt-1 text-sm text-slate-700">{wording.message(alert)}</p>
      <dl className="mt-4 divide-y divide-slate-100 text-sm">
        <Row term={t('details.type')}>
          <TagBadge label={wording.type(alert.type)} />
        </Row>
        <Row term={t('details.priority')}>
          <PriorityBadge priority={alert.priority} label={wording.priority(alert.priority)} />
        </Row>
        <Row term={metric.label}>
          <span className="tabular-nums">{metric.value}</span>
        </Row>
        <Row term={t('details.device')}>{wording.device(alert)}</Row>
        <Row term={t('details.detected')}>
          <time dateTime={alert.detectedAt} title={detected}>
            {formatRelativeTime(alert.detectedAt, new Date(), locale)}
          </time>
        </Row>
        <Row term={t('details.scheduledFor')}>
          {alert.scheduledFor ? formatLocalDate(alert.scheduledFor, locale, { dateStyle: 'long' }) : <span className="font-normal text-slate-600">{t('details.notScheduled')}</span>}
        </Row>
      </dl>
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" size="sm" onClick={onDismiss} disabled={dismissing}>
          {dismissing ? t('details.dismissing') : t('details.dismiss')}
        </Button>
        <Button size="sm" onClick={onTakeAction} disabled={dismissing}>
          {t('details.takeAction')}
        </Button>
      </div>
    </section>
  );
}
