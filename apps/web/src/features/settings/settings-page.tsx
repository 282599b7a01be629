import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { ConsentHistoryCard } from './components/consent-history-card';
import { DeleteAccountCard } from './components/delete-account-card';
import { DevicesCard } from './components/devices-card';
import { EventPreferencesCard } from './components/event-preferences-card';
import { GreenButtonExportCard } from './components/green-button-export-card';
import { GreenButtonImportCard } from './components/green-button-import-card';
import { HomeCard } from './components/home-card';
import { MeterTokensCard } from './components/meter-tokens-card';
import { ApiTokensCard } from './components/api-tokens-card';
import { WebhooksCard } from './components/webhooks-card';
import { NotificationPreferencesCard } from './components/notification-preferences-card';
import { PreferencesCard } from './components/preferences-card';
import { PrivacyCard } from './components/privacy-card';
import { PrivacyExportCard } from './components/privacy-export-card';
import { ProfileForm } from './components/profile-form';
import { SecurityCard } from './components/security-card';

export default function SettingsPage() {
  const { t } = useTranslation(['portal', 'settings']);
  return (
    <div className="space-y-6">
      <PageHeader title={t('pages.settings')} intro={t('settings:intro')} />
      <ProfileForm />
      <HomeCard />
      <SecurityCard />
      <DevicesCard />
      <MeterTokensCard />
      <ApiTokensCard />
      <WebhooksCard />
      <GreenButtonImportCard />
      <GreenButtonExportCard />
      <PreferencesCard />
      <NotificationPreferencesCard />
      <EventPreferencesCard />
      <PrivacyCard />
      <ConsentHistoryCard />
      <PrivacyExportCard />
      <DeleteAccountCard />
    </div>
  );
}
