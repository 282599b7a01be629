import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { useDemoSharedText } from '@/lib/demo-shared-text';
import { deletePushSubscription, getPushPublicKey, savePushSubscription } from '../api/notification-preferences-api';
import { currentPushSubscription, PushPermissionDenied, pushSupported, subscribeThisBrowser, unsubscribeThisBrowser } from '../push-browser';
import { settingsKeys } from '../settings-keys';

const thisBrowserKey = [...settingsKeys.notificationPreferences(), 'this-browser'] as const;

/** Web Push for the browser in front of the member: subscribe with the server's VAPID key, or unsubscribe and forget. */
export function PushThisBrowser({ subscriptions }: { subscriptions: number }) {
  const { t } = useTranslation('notifications');
  const demoShared = useDemoSharedText();
  const headingId = useId();
  const supported = pushSupported();
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: thisBrowserKey, queryFn: async () => (await currentPushSubscription())?.endpoint ?? null, enabled: supported });

  const turnOn = useMutation({
    mutationFn: async () => {
      const { publicKey } = await getPushPublicKey();
      const subscription = await subscribeThisBrowser(publicKey);
      try {
        return { saved: await savePushSubscription(subscription), endpoint: subscription.endpoint };
      } catch (error) {
        // A browser subscribed that the server refused (the shared demo keeps none, decision 082) would only wait for nothing.
        await unsubscribeThisBrowser().catch(() => null);
        throw error;
      }
    },
    onSuccess: ({ saved, endpoint }) => {
      queryClient.setQueryData(settingsKeys.notificationPreferences(), saved);
      queryClient.setQueryData(thisBrowserKey, endpoint);
    },
  });
  const turnOff = useMutation({
    mutationFn: async () => {
      const endpoint = await unsubscribeThisBrowser();
      return endpoint ? deletePushSubscription(endpoint).catch((error: unknown) => {
        // Already forgotten by the server (an expired subscription): off is what was asked.
        if (error && typeof error === 'object' && 'status' in error && error.status === 404) return null;
        throw error;
      }) : null;
    },
    onSuccess: async (saved) => {
      if (saved) queryClient.setQueryData(settingsKeys.notificationPreferences(), saved);
      else await queryClient.invalidateQueries({ queryKey: settingsKeys.notificationPreferences(), exact: true });
      queryClient.setQueryData(thisBrowserKey, null);
    },
  });

  const on = Boolean(current.data);
  const busy = turnOn.isPending || turnOff.isPending || current.isPending;
  const failed = turnOn.isError ? (turnOn.error instanceof PushPermissionDenied ? t('push.denied') : (demoShared(turnOn.error) ?? t('push.failed'))) : turnOff.isError ? t('push.failed') : null;

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {t('push.title')}
      </h3>
      {!supported ? (
        <p className="text-sm text-slate-700">{t('push.unsupported')}</p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {on ? t('push.on') : t('push.off')} {subscriptions > 0 && t('push.otherDevices', { count: subscriptions })}
          </p>
          {on ? (
            <Button variant="secondary" disabled={busy} onClick={() => turnOff.mutate()}>
              {turnOff.isPending ? t('push.working') : t('push.turnOff')}
            </Button>
          ) : (
            <Button disabled={busy} onClick={() => turnOn.mutate()}>
              {turnOn.isPending ? t('push.working') : t('push.turnOn')}
            </Button>
          )}
        </>
      )}
      <div aria-live="polite" className="empty:hidden">
        {failed && <AlertMessage tone="error">{failed}</AlertMessage>}
      </div>
    </section>
  );
}
