import { postAuth } from './post-auth';

/** The second step of a sign-in with two-factor on: a code from the app, or a one-time backup code. */
export function verifySecondFactor(method: 'totp' | 'backup', code: string) {
  const path = method === 'totp' ? 'two-factor/verify-totp' : 'two-factor/verify-backup-code';
  return postAuth(path, { code: code.replace(/\s+/g, '') });
}
