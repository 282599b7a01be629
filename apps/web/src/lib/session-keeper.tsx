import { applyProfilePreferences } from './profile-preferences';
import { useSessionEvent } from './session-events';
import { useSessionKeeper } from './session';

/** Keeps the session (events, renewal, other tabs) and applies the member's preferences on arrival. */
export default function SessionKeeper() {
  // Subscribed before the keeper so the first INITIAL_SESSION is heard.
  useSessionEvent((event, user) => {
    if (user && (event === 'INITIAL_SESSION' || event === 'SIGNED_IN')) void applyProfilePreferences();
  });
  useSessionKeeper();
  return null;
}
