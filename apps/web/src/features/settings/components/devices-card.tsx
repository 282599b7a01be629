import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapPin, Monitor } from 'lucide-react';
import type { ConnectedSession } from '@peakwise/contracts/account.contract';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { listSessions, revokeSession } from '../api/settings-api';
import { relativeTime } from '../relative-time';
import { settingsKeys } from '../settings-keys';
import { SettingsCard } from './settings-card';

const LOCAL_NETWORK = 'Local network';

/** "Connected devices": every browser signed in to the account, and signing one of them out. */
export function DevicesCard() {
  const { t, i18n } = useTranslation('settings');
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: settingsKeys.sessions(), queryFn: listSessions });
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string }>();
  const revoke = useMutation({
    mutationFn: (session: { id: string; label: string }) => revokeSession(session.id),
    onSuccess: (_data, session) => {
      setNotice({ tone: 'success', text: t('devices.signedOut', { device: session.label }) });
      queryClient.setQueryData<ConnectedSession[]>(settingsKeys.sessions(), (list) => list?.filter((item) => item.id !== session.id));
      void queryClient.invalidateQueries({ queryKey: settingsKeys.sessions() });
    },
    onError: () => setNotice({ tone: 'error', text: t('devices.signOutFailed') }),
  });
  const language = i18n.resolvedLanguage ?? 'en';
  const now = new Date();

  const label = (session: ConnectedSession) =>
    t('devices.browserOnOs', { browser: session.browser ?? t('devices.unknownBrowser'), os: session.os ?? t('devices.unknownOs') });

  // The server names private and loopback addresses 'Local network' (auth/ip-display.ts), in English.
  const placeText = (place: string | null) => (place === LOCAL_NETWORK ? t('devices.localNetwork') : (place ?? t('devices.unknownLocation')));
  return (
    <SettingsCard title={t('devices.title')} description={t('devices.description')}>
      {sessions.isPending && (
        <div className="flex justify-center py-6">
          <Spinner label={t('devices.loading')} />
        </div>
      )}
      {sessions.isError && (
        <div role="alert">
          <AlertMessage tone="error">{t('devices.loadFailed')}</AlertMessage>
        </div>
      )}
      {sessions.data && (
        <ul className="divide-y divide-slate-100">
          {sessions.data.map((session) => {
            const name = label(session);
            return (
              <li key={session.id} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
                <div className="flex gap-3">
                  <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
                    <Monitor aria-hidden className="size-5" />
                  </span>
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                      {name}
                      {session.current && (
                        <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">{t('devices.thisDevice')}</span>
                      )}
                    </p>
                    <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
                      <span className="inline-flex items-center gap-1">
                        <MapPin aria-hidden className="size-3.5" />
                        {placeText(session.place)}
                      </span>
                      {session.ipAddress && <span>{t('devices.address', { ip: session.ipAddress })}</span>}
                      <span>
                        {t('devices.lastActive', { time: relativeTime(session.lastActiveAt, now, language) })}
                      </span>
                    </p>
                  </div>
                </div>
                {!session.current && (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t('devices.signOutLabel', { device: name })}
                    disabled={revoke.isPending && revoke.variables?.id === session.id}
                    onClick={() => {
                      setNotice(undefined);
                      revoke.mutate({ id: session.id, label: name });
                    }}
                  >
                    {revoke.isPending && revoke.variables?.id === session.id ? t('devices.signingOut') : t('devices.signOut')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <div aria-live="polite" className="empty:hidden">
        {notice && (
          <div className="mt-4">
            <AlertMessage tone={notice.tone}>{notice.text}</AlertMessage>
          </div>
        )}
      </div>
    </SettingsCard>
  );
}
