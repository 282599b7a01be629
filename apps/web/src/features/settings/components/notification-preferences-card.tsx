import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useNotificationPreferences } from '../api/use-notification-preferences';
import { NotificationGrid } from './notification-grid';
import { PhoneVerification } from './phone-verification';
import { PushThisBrowser } from './push-this-browser';
import { SettingsCard } from './settings-card';

/** Settings → Notifications: what the member hears about and how (decision 035). */
export function NotificationPreferencesCard() {
  const { t } = useTranslation('notifications');
  const query = useNotificationPreferences();
  const preferences = query.data;
  return (
    <SettingsCard title={t('title')} description={t('description')}>
      {preferences ? (
        <div className="space-y-8">
          <NotificationGrid preferences={preferences} />
          <div className="grid gap-8 lg:grid-cols-2">
            <PhoneVerification phone={preferences.phone} />
            <PushThisBrowser subscriptions={preferences.pushSubscriptions} />
          </div>
        </div>
      ) : query.isError ? (
        <LoadError title={t('loadFailed')} message="" retryLabel={t('retry')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <Spinner label={t('loading')} />
      )}
    </SettingsCard>
  );
}
