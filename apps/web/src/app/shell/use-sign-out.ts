import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { SIGNED_OUT_STATE } from '@/lib/account-notice';
import { clearOfflineData } from '@/lib/offline-data';

async function postSignOut() {
  const response = await fetch('/api/auth/sign-out', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
  if (!response.ok) throw new Error(`Sign-out failed with status ${response.status}`);
  // Before leaving the portal: the next person at this computer must find none of this member's data.
  await clearOfflineData().catch(() => undefined);
}

export function useSignOut() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: postSignOut,
    // The public page clears the session once the portal is gone (features/auth AccountNotice).
    onSuccess: () => navigate('/', { replace: true, state: SIGNED_OUT_STATE }),
  });
}
