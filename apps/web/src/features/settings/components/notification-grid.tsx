import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
} from '@peakwise/contracts/notifications.contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { updateNotificationPreferences } from '../api/notification-preferences-api';
import { usePreferencesMutation } from '../api/use-notification-preferences';
import { notificationErrorText } from '../notification-error-text';

type Change = { channel: NotificationChannel; kind: NotificationKind; on: boolean };

/**
 * The channel × kind grid as a real table: each checkbox is named by its row and column
 * ("Email: Bill reminders"), so a screen reader says what it turns on. SMS waits for a verified
 * number and push for a subscribed browser; their boxes say why they are locked.
 */
export function NotificationGrid({ preferences }: { preferences: NotificationPreferences }) {
  const { t } = useTranslation('notifications');
  const statusId = useId();
  const smsLockId = useId();
  const pushLockId = useId();
  const save = usePreferencesMutation(({ channel, kind, on }: Change) => updateNotificationPreferences({ channels: { [channel]: { [kind]: on } } }));
  const locked: Record<NotificationChannel, string | null> = {
    email: null,
    sms: preferences.phone?.verified ? null : smsLockId,
    push: preferences.pushSubscriptions > 0 ? null : pushLockId,
  };
  const shown = (channel: NotificationChannel, kind: NotificationKind) =>
    save.isPending && save.variables.channel === channel && save.variables.kind === kind ? save.variables.on : preferences.channels[channel][kind];

  return (
    <div>
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <caption className="sr-only">{t('grid.caption')}</caption>
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="py-2 pr-4 font-medium text-slate-600">
                {t('grid.kindHeader')}
              </th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <th key={channel} scope="col" className="px-3 py-2 text-center font-medium text-slate-600">
                  {t(`grid.channels.${channel}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_KINDS.map((kind) => (
              <tr key={kind} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="py-3 pr-4 font-medium text-slate-800">
                  {t(`grid.kinds.${kind}`)}
                </th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <td key={channel} className="px-3 py-3 text-center">
                    {/* The label is the touch target: 44 px square around a 20 px box. */}
                    <label className="inline-flex size-11 cursor-pointer items-center justify-center align-middle" data-testid="notification-target">
                      <input
                        type="checkbox"
                        className="size-5 rounded border-slate-400 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50"
                        aria-label={t('grid.cell', { channel: t(`grid.channels.${channel}`), kind: t(`grid.kinds.${kind}`) })}
                        aria-describedby={[locked[channel], statusId].filter(Boolean).join(' ')}
                        checked={shown(channel, kind)}
                        disabled={Boolean(locked[channel]) || save.isPending}
                        onChange={(event) => save.mutate({ channel, kind, on: event.target.checked })}
                      />
                    </label>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {locked.sms && (
        <p id={smsLockId} className="mt-3 text-sm text-slate-600">
          {t('grid.smsLocked')}
        </p>
      )}
      {locked.push && (
        <p id={pushLockId} className="mt-1 text-sm text-slate-600">
          {t('grid.pushLocked')}
        </p>
      )}
      <p id={statusId} role="status" className={`mt-2 min-h-5 text-sm ${save.isError ? 'font-medium text-red-700' : 'text-brand-800'}`}>
        {save.isPending ? t('grid.saving') : save.isError ? notificationErrorText(t, save.error) : save.isSuccess ? t('grid.saved') : ''}
      </p>
    </div>
  );
}
