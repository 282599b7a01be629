import { postAuth } from './post-auth';

export type Gender = 'male' | 'female' | 'non-binary';

export type SignUpPayload = {
  email: string;
  confirmEmail: string;
  password: string;
  name: string;
  /** YYYY-MM-DD */
  birthDate: string;
  gender: Gender;
  marketingConsent: boolean;
  language: string;
};

export function signUpWithEmail(payload: SignUpPayload) {
  return postAuth('sign-up/email', payload);
}
