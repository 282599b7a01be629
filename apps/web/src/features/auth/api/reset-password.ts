import { postAuth } from './post-auth';

/** Sets a new password with the token from the emailed link; every session of the account ends. */
export function resetPassword(token: string, newPassword: string) {
  return postAuth('reset-password', { token, newPassword });
}
