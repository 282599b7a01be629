import { postAuth } from './post-auth';

export type Credentials = { email: string; password: string };

/** SPEC §5: values are trimmed before sending. */
export function signInWithEmail({ email, password }: Credentials) {
  return postAuth('sign-in/email', { email: email.trim(), password: password.trim() });
}
