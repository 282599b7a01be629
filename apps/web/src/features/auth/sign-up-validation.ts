import type { Gender } from './api/sign-up-email';
import { isRealDate, MIN_BIRTH_YEAR } from './birth-date';
import { hasControlCharacters } from '@peakwise/contracts/single-line-text';

export type SignUpValues = {
  email: string;
  confirmEmail: string;
  password: string;
  name: string;
  month: string;
  day: string;
  year: string;
  gender: Gender | '';
  marketingConsent: boolean;
};

export type SignUpField = 'email' | 'confirmEmail' | 'password' | 'name' | 'month' | 'day' | 'year' | 'gender';

/** Keys in the auth namespace's `validation` group. */
export type ValidationKey =
  | 'emailRequired'
  | 'emailInvalid'
  | 'confirmEmailRequired'
  | 'emailMismatch'
  | 'passwordRequired'
  | 'passwordTooShort'
  | 'nameRequired'
  | 'nameNotSingleLine'
  | 'monthRequired'
  | 'dayInvalid'
  | 'yearInvalid'
  | 'dateInvalid'
  | 'genderRequired';

export type SignUpErrors = Partial<Record<SignUpField, ValidationKey>>;

export const MIN_PASSWORD_LENGTH = 8;
// Deliberately loose: one @, something either side, a dot in the domain. The server has the final say.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function inRange(raw: string, min: number, max: number) {
  if (!/^\d+$/.test(raw.trim())) return false;
  const value = Number(raw);
  return value >= min && value <= max;
}

/** Whether any part of the (optional) birth date was filled in. */
export const birthDateGiven = (values: Pick<SignUpValues, 'month' | 'day' | 'year'>) => [values.month, values.day, values.year].some((part) => part.trim() !== '');

export function validateSignUp(values: SignUpValues, currentYear: number): SignUpErrors {
  const errors: SignUpErrors = {};
  const email = values.email.trim();
  const confirmEmail = values.confirmEmail.trim();

  if (!email) errors.email = 'emailRequired';
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'emailInvalid';

  if (!confirmEmail) errors.confirmEmail = 'confirmEmailRequired';
  else if (email && confirmEmail.toLowerCase() !== email.toLowerCase()) errors.confirmEmail = 'emailMismatch';

  if (!values.password) errors.password = 'passwordRequired';
  else if (values.password.length < MIN_PASSWORD_LENGTH) errors.password = 'passwordTooShort';

  if (!values.name.trim()) errors.name = 'nameRequired';
  else if (hasControlCharacters(values.name.trim())) errors.name = 'nameNotSingleLine';

  // Birth date and gender are optional: a birth date left wholly blank is fine; begun, it must be whole and real.
  if (birthDateGiven(values)) {
    if (!inRange(values.month, 1, 12)) errors.month = 'monthRequired';
    if (!inRange(values.day, 1, 31)) errors.day = 'dayInvalid';
    if (!inRange(values.year, MIN_BIRTH_YEAR, currentYear)) errors.year = 'yearInvalid';
    if (!errors.month && !errors.day && !errors.year && !isRealDate(Number(values.year), Number(values.month), Number(values.day))) {
      errors.day = 'dateInvalid';
    }
  }
  return errors;
}
