import { postAuth } from './post-auth';

export type Gender = 'male' | 'female' | 'non-binary';

export type SignUpPayload = {
  email: string;
  confirmEmail: string;
  password: string;
  name: string;
  /** YYYY-MM-DD; optional, as is gender. */
  birthDate?: string;
  gender?: Gender;
  marketingConsent: boolean;
  language: string;
  /** Not a form field: the serviceable code checked on the landing page in this tab (decision 057). */
  postalCode?: string;
};

export function signUpWithEmail(payload: SignUpPayload) {
  return postAuth('sign-up/email', payload);
}
