import type { EventComfortActionView } from '@peakwise/contracts/event-automation.contract';
import type { MemberEvent } from '@peakwise/contracts/events.contract';
import { Plug } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatCelsius, formatTime, useIntlLocale } from '@/lib/format';
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
  const comfort = query.data?.comfort ?? [];
  if (query.isError) return <p className="text-sm text-slate-600">{t('actions.loadFailed')}</p>;
  if (actions.length === 0 && comfort.length === 0) return null;
  const celsius = (value: number | null) => (value === null ? '' : formatCelsius(value, locale));
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
      {comfort.length > 0 ? (
        <>
          <h3 className="mt-4 font-medium text-slate-900">{t('comfort.title')}</h3>
          <ol className="mt-2 space-y-1.5 text-sm text-slate-700" data-testid="event-comfort-actions">
            {comfort.map((a) => (
              <li key={`${a.deviceId}-${a.at}`} className="flex gap-3">
                <time dateTime={a.at} className="w-20 shrink-0 tabular-nums text-slate-600">
                  {formatTime(a.at, event.timeZone, locale)}
                </time>
                <span className={a.action === 'restored' ? 'font-medium text-amber-800' : ''}>
                  {t(`comfort.${comfortLine(a)}`, { name: a.deviceName, temperature: celsius(a.temperatureC), limit: celsius(a.limitC) })}
                  {/* Missed its deadline (decision 113): decided, but the plug never got it. */}
                  {a.failed ? (
                    <>
                      {' '}
                      <span className="font-medium text-red-700">{t('comfort.failed', { name: a.deviceName })}</span>
                    </>
                  ) : null}
                  {/* Overtaken by the restore before it was sent (decision 120): the plug stayed on. */}
                  {a.superseded ? (
                    <>
                      {' '}
                      <span className="font-medium">{t('comfort.superseded')}</span>
                    </>
                  ) : null}
                </span>
              </li>
            ))}
          </ol>
          <p className="mt-2 text-sm text-slate-600">{t('comfort.points')}</p>
        </>
      ) : null}
    </section>
  );
}

/** The log line for what comfort did and why (decision 109); only these pairs can happen. */
function comfortLine(a: EventComfortActionView) {
  if (a.action === 'not_automated') return 'not_automated_no_sensor' as const;
  if (a.action === 'switched_off') return a.reason === 'recovered' ? ('switched_off_recovered' as const) : ('switched_off_within_limit' as const);
  if (a.reason === 'sensor_silent') return 'restored_sensor_silent' as const;
  return a.reason === 'no_sensor' ? ('restored_no_sensor' as const) : ('restored_crossed_limit' as const);
}
