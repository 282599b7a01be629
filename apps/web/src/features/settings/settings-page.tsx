import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { DeleteAccountCard } from './components/delete-account-card';
import { DevicesCard } from './components/devices-card';
import { GreenButtonExportCard } from './components/green-button-export-card';
import { GreenButtonImportCard } from './components/green-button-import-card';
import { MeterTokensCard } from './components/meter-tokens-card';
import { PreferencesCard } from './components/preferences-card';
import { PrivacyCard } from './components/privacy-card';
import { ProfileForm } from './components/profile-form';
import { SecurityCard } from './components/security-card';

// Notification preferences are not here yet: there is no server endpoint for them, and a switch
// that saves nothing would be a lie.
export default function SettingsPage() {
  const { t } = useTranslation(['portal', 'settings']);
  return (
    <div className="space-y-6">
      <PageHeader title={t('pages.settings')} intro={t('settings:intro')} />
      <ProfileForm />
      <SecurityCard />
      <DevicesCard />
      <MeterTokensCard />
      <GreenButtonImportCard />
      <GreenButtonExportCard />
      <PreferencesCard />
      <PrivacyCard />
      <DeleteAccountCard />
    </div>
  );
}
