import { claimOfflineData, clearOfflineData } from './offline-data';
import { applyProfilePreferences } from './profile-preferences';
import { useSessionEvent } from './session-events';
import { useSessionKeeper } from './session';

/** Keeps the session (events, renewal, other tabs) and applies the member's preferences on arrival. */
export default function SessionKeeper() {
  // Subscribed before the keeper so the first INITIAL_SESSION is heard.
  useSessionEvent((event, user) => {
    if (user && (event === 'INITIAL_SESSION' || event === 'SIGNED_IN')) void applyProfilePreferences();
    // The saved offline data belongs to the member now signed in, and to nobody once signed out
    // (docs/decisions/061-installable-offline-app.md).
    if (user && event !== 'SIGNED_OUT') void claimOfflineData(user).catch(() => undefined);
    else if (!user) void clearOfflineData().catch(() => undefined);
  });
  useSessionKeeper();
  return null;
}
