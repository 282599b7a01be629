import type { EventStatusValue } from '@peakwise/contracts/events.contract';
import { useTranslation } from 'react-i18next';

const TONES: Record<EventStatusValue, { badge: string; dot: string }> = {
  scheduled: { badge: 'bg-sky-50 text-sky-800 ring-sky-200', dot: 'bg-sky-500' },
  active: { badge: 'bg-amber-50 text-amber-800 ring-amber-200', dot: 'bg-amber-500' },
  ended: { badge: 'bg-slate-100 text-slate-700 ring-slate-200', dot: 'bg-slate-400' },
  settled: { badge: 'bg-emerald-50 text-emerald-800 ring-emerald-200', dot: 'bg-emerald-500' },
  cancelled: { badge: 'bg-red-50 text-red-800 ring-red-200', dot: 'bg-red-500' },
};

/** An event's status as a word on a tinted pill; the colour only repeats what the word says. */
export function EventStatusBadge({ status }: { status: EventStatusValue }) {
  const { t } = useTranslation('ops');
  return (
    <span data-status={status} className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${TONES[status].badge}`}>
      <span aria-hidden="true" className={`size-1.5 rounded-full ${TONES[status].dot}`} />
      {t(`events.status.${status}`)}
    </span>
  );
}
