import type { MemberEvent } from '@peakwise/contracts/events.contract';
import { Plug } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatTime, useIntlLocale } from '@/lib/format';
import { useEventPlugActions } from '../api/use-event-plug-actions';

/**
 * The event page's short log of what plug automation did (switched off, left off, taken over by
 * the member, restored, failed), at the household's clock. Nothing shows when nothing happened.
 */
export function EventPlugActions({ event }: { event: MemberEvent }) {
  const { t } = useTranslation('eventAutomation');
  const locale = useIntlLocale();
  const query = useEventPlugActions(event.id, event.status === 'active' || event.status === 'scheduled');
  const actions = query.data?.actions ?? [];
  if (query.isError) return <p className="text-sm text-slate-600">{t('actions.loadFailed')}</p>;
  if (actions.length === 0) return null;
  return (
    <section aria-labelledby="event-plug-actions-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="event-plug-actions">
      <h2 id="event-plug-actions-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <Plug aria-hidden="true" className="size-4 text-slate-600" />
        {t('actions.title')}
      </h2>
      <ol className="mt-3 space-y-1.5 text-sm text-slate-700">
        {actions.map((a) => (
          <li key={`${a.deviceId}-${a.action}`} className="flex gap-3">
            <time dateTime={a.at} className="w-20 shrink-0 tabular-nums text-slate-600">
              {formatTime(a.at, event.timeZone, locale)}
            </time>
            <span className={a.action.endsWith('_failed') ? 'font-medium text-red-700' : ''}>{t(`actions.${a.action}`, { name: a.deviceName })}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
