import type { Gender, SignUpPayload } from './api/sign-up-email';
import { assembleBirthDate } from './birth-date';
import { birthDateGiven, type SignUpValues } from './sign-up-validation';

/** Turns validated form values into the request body. Call only after validateSignUp passed. */
export function buildSignUpPayload(values: SignUpValues, language: string, checkedPostalCode?: string): SignUpPayload {
  return {
    email: values.email.trim(),
    confirmEmail: values.confirmEmail.trim(),
    password: values.password,
    name: values.name.trim(),
    // Optional: sent only when given.
    ...(birthDateGiven(values) ? { birthDate: assembleBirthDate(Number(values.year), Number(values.month), Number(values.day)) } : {}),
    ...(values.gender ? { gender: values.gender as Gender } : {}),
    marketingConsent: values.marketingConsent,
    language,
    ...(checkedPostalCode ? { postalCode: checkedPostalCode } : {}),
  };
}
