import type { EventPreferences } from '@peakwise/contracts/event-automation.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '@/components/ui/checkbox';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { serverErrorOf } from '@/lib/api-request';
import { getEventPreferences, setOptInEveryEvent, setPlugPowerDown } from '../api/event-preferences-api';
import { settingsKeys } from '../settings-keys';
import { SettingsCard } from './settings-card';

type Target = { kind: 'every' } | { kind: 'plug'; deviceId: string };
type Change = Target & { on: boolean };
/** The card's anchor, which the event page links to. */
const EVERY_EVENT_ANCHOR = 'every-event';
const KNOWN_ERRORS = ['never_switch', 'not_a_plug', 'not_found'] as const;

/**
 * Settings → Energy Saving Events: "opt me in to every event" (decision 036) and which smart plugs
 * power down while an event runs (decision 037). Never-switch plugs are not offered, only counted.
 */
export function EventPreferencesCard() {
  const { t } = useTranslation('eventAutomation');
  const queryClient = useQueryClient();
  const statusId = useId();
  const plugsHintId = useId();
  const everyHintId = useId();
  const query = useQuery({ queryKey: settingsKeys.eventPreferences(), queryFn: getEventPreferences });
  const save = useMutation({
    mutationFn: (change: Change) => (change.kind === 'every' ? setOptInEveryEvent(change.on) : setPlugPowerDown(change.deviceId, change.on)),
    onSuccess: (saved: EventPreferences) => queryClient.setQueryData(settingsKeys.eventPreferences(), saved),
    // Events the household was just opted in to show it on the Dashboard and their pages.
    onSettled: () => queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== settingsKeys.all[0] }),
  });
  const prefs = query.data;
  // Reached from an event's page (/app/settings/notifications#every-event): land on the choice.
  const { hash } = useLocation();
  const card = useRef<HTMLDivElement>(null);
  const loaded = prefs !== undefined;
  useEffect(() => {
    if (hash !== `#${EVERY_EVENT_ANCHOR}` || !loaded) return;
    const box = card.current?.querySelector<HTMLInputElement>('input[type="checkbox"]');
    box?.scrollIntoView?.({ block: 'center' });
    box?.focus();
  }, [hash, loaded]);
  const shown = (change: Target, saved: boolean) => {
    const pending = save.isPending ? save.variables : null;
    if (!pending || pending.kind !== change.kind) return saved;
    if (pending.kind === 'plug' && change.kind === 'plug' && pending.deviceId !== change.deviceId) return saved;
    return pending.on;
  };
  const errorCode = save.isError ? serverErrorOf(save.error).code : undefined;
  const errorText = save.isError ? t(`settings.errors.${(KNOWN_ERRORS as readonly (string | undefined)[]).includes(errorCode) ? (errorCode as (typeof KNOWN_ERRORS)[number]) : 'generic'}`) : null;

  return (
    <SettingsCard id={EVERY_EVENT_ANCHOR} title={t('settings.title')} description={t('settings.description')}>
      {prefs ? (
        <div ref={card} className="space-y-6">
          <div>
            <Checkbox
              label={t('settings.everyEvent')}
              checked={shown({ kind: 'every' }, prefs.optInEveryEvent)}
              disabled={save.isPending}
              aria-describedby={`${everyHintId} ${statusId}`}
              onChange={(event) => save.mutate({ kind: 'every', on: event.target.checked })}
            />
            <p id={everyHintId} className="mt-1 pl-7 text-sm text-slate-600">
              {t('settings.everyEventHint')}
            </p>
          </div>
          <fieldset aria-describedby={plugsHintId}>
            <legend className="font-semibold text-slate-900">{t('settings.plugsTitle')}</legend>
            <p id={plugsHintId} className="mt-1 text-sm text-slate-600">
              {t('settings.plugsHint')}
            </p>
            {prefs.plugs.length === 0 ? (
              <p className="mt-3 text-sm text-slate-700">{t('settings.noPlugs')}</p>
            ) : (
              <ul className="mt-3 space-y-2">
                {prefs.plugs.map((plug) => (
                  <li key={plug.deviceId}>
                    <Checkbox
                      label={plug.name}
                      checked={shown({ kind: 'plug', deviceId: plug.deviceId }, plug.powerDown)}
                      disabled={save.isPending}
                      aria-describedby={statusId}
                      onChange={(event) => save.mutate({ kind: 'plug', deviceId: plug.deviceId, on: event.target.checked })}
                    />
                  </li>
                ))}
              </ul>
            )}
            {prefs.neverSwitchPlugs > 0 && <p className="mt-3 text-sm text-slate-600">{t('settings.neverSwitch', { count: prefs.neverSwitchPlugs })}</p>}
          </fieldset>
          <p id={statusId} role="status" className={`min-h-5 text-sm ${errorText ? 'font-medium text-red-700' : 'text-brand-800'}`}>
            {save.isPending ? t('settings.saving') : (errorText ?? (save.isSuccess ? t('settings.saved') : ''))}
          </p>
        </div>
      ) : query.isError ? (
        <LoadError title={t('settings.loadFailed')} message="" retryLabel={t('settings.retry')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <Spinner label={t('settings.loading')} />
      )}
    </SettingsCard>
  );
}
