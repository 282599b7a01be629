import { postAuth } from './post-auth';

export function requestPasswordReset(email: string) {
  return postAuth('request-password-reset', { email: email.trim(), redirectTo: '/reset-password' });
}
