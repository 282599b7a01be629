import { DevicesCard } from '../components/devices-card';
import { PreferencesCard } from '../components/preferences-card';
import { ProfileForm } from '../components/profile-form';
import { SecurityCard } from '../components/security-card';

/** Settings → Profile and security: who the member is, how they read the portal, how they sign in. */
export default function ProfileSection() {
  return (
    <>
      <ProfileForm />
      <PreferencesCard />
      <SecurityCard />
      <DevicesCard />
    </>
  );
}
