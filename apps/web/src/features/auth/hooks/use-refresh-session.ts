import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { sessionQueryKey } from '@/lib/session';

/**
 * Refetches the session before we navigate into the portal. `refetchType: 'all'` also refreshes a
 * cached "signed out" answer nobody is watching, which the portal guard would otherwise trust and
 * bounce the new member straight back to the login panel.
 */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: sessionQueryKey, refetchType: 'all' }),
    [queryClient],
  );
}
