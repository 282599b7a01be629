import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { resetOfflineStatus } from '@/lib/offline-status';
import { registerServiceWorker } from '@/lib/service-worker-registration';

/**
 * The portal's part of working offline (docs/decisions/061-installable-offline-app.md): registers
 * the service worker, and when the browser says the network is back, drops the "offline" state and
 * asks again for everything on screen, the session first (the live stream reconnects by itself).
 */
export function useOfflineSync() {
  const queryClient = useQueryClient();
  useEffect(() => {
    registerServiceWorker();
    const onOnline = () => {
      resetOfflineStatus();
      void queryClient.invalidateQueries();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [queryClient]);
}
