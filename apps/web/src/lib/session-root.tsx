import { Outlet } from 'react-router';
import { applyProfilePreferences } from './profile-preferences';
import { useSessionEvent } from './session-events';
import { useSessionKeeper } from './session';

/** The root route: keeps the session for every page and applies the member's preferences on arrival. */
export function SessionRoot() {
  // Subscribed before the keeper so the first INITIAL_SESSION is heard.
  useSessionEvent((event, user) => {
    if (user && (event === 'INITIAL_SESSION' || event === 'SIGNED_IN')) void applyProfilePreferences();
  });
  useSessionKeeper();
  return <Outlet />;
}
