import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { sessionQueryKey } from '@/lib/session';

async function postSignOut() {
  const response = await fetch('/api/auth/sign-out', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
  if (!response.ok) throw new Error(`Sign-out failed with status ${response.status}`);
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: postSignOut,
    onSuccess: async () => {
      // Leave the portal first: refreshing the session while the guard is still mounted would
      // bounce to the login panel instead of the home page.
      await navigate('/', { replace: true });
      queryClient.setQueryData(sessionQueryKey, null);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
