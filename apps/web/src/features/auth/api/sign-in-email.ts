import { postAuth } from './post-auth';

export type Credentials = { email: string; password: string };

/** Values are trimmed before sending (docs/product/domain-rules.md#sessions). */
export function signInWithEmail({ email, password }: Credentials) {
  return postAuth('sign-in/email', { email: email.trim(), password: password.trim() });
}
