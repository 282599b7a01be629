import { EventPreferencesCard } from '../components/event-preferences-card';
import { NotificationPreferencesCard } from '../components/notification-preferences-card';

/** Settings → Notifications and events: what the member hears about, and "opt me in to every event". */
export default function NotificationsSection() {
  return (
    <>
      <EventPreferencesCard />
      <NotificationPreferencesCard />
    </>
  );
}
