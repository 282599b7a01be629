import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { SIGNED_OUT_STATE } from '@/lib/account-notice';

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
  const navigate = useNavigate();
  return useMutation({
    mutationFn: postSignOut,
    // The public page clears the session once the portal is gone (features/auth AccountNotice).
    onSuccess: () => navigate('/', { replace: true, state: SIGNED_OUT_STATE }),
  });
}
