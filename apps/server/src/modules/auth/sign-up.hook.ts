import { APIError } from 'better-auth/api';
import { z } from 'zod';
import { AUTH_ERROR_CODES, genderSchema, isValidBirthDate, LANGUAGES, type Gender, type Language } from '@peakwise/contracts/account.contract';
import { hasControlCharacters, SINGLE_LINE_TEXT_MESSAGE } from '@peakwise/contracts/single-line-text';
import { checkPassword } from '@peakwise/domain/password-policy';
import { DEFAULT_SERVICEABLE_PROVINCES, parsePostalCode, provinceOf, type ProvinceCode } from '@peakwise/domain/postal-code';

const fail = (code: string, message: string) => APIError.from('BAD_REQUEST', { code, message });

export type SignUpInput = {
  email: string;
  name: string;
  password: string;
  /** Optional, as are gender and marketing consent: the service needs neither to serve a home. */
  birthDate: string | null;
  gender: Gender | null;
  marketingConsent: boolean;
  language: Language;
  /** The landing page's checked postal code (normalised), when the visitor checked one (decision 057). */
  postalCode: string | null;
};

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/** 'fr-CA' → 'fr'; anything else unsupported → null. A missing language means English. */
function readLanguage(value: unknown): Language | null {
  if (value === undefined || value === null || value === '') return 'en';
  if (typeof value !== 'string') return null;
  const base = value.toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : null;
}

/**
 * The sign-up form's rules, checked before better-auth sees the request, so a bad request is
 * refused the same way whether or not the email already has an account (no enumeration).
 */
export function validateSignUp(body: unknown, serviceableProvinces: readonly ProvinceCode[] = DEFAULT_SERVICEABLE_PROVINCES): SignUpInput {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const email = typeof b.email === 'string' ? b.email.trim().toLowerCase() : '';
  if (!z.email().safeParse(email).success) throw fail(AUTH_ERROR_CODES.invalidEmail, 'Invalid email');
  const confirmEmail = typeof b.confirmEmail === 'string' ? b.confirmEmail.trim().toLowerCase() : '';
  if (confirmEmail !== email) throw fail(AUTH_ERROR_CODES.emailMismatch, 'Email addresses do not match');
  const name = typeof b.name === 'string' ? b.name.trim() : '';
  if (name === '' || name.length > 100) throw fail(AUTH_ERROR_CODES.nameRequired, 'Please tell us what to call you (up to 100 characters)');
  if (hasControlCharacters(name)) throw fail(AUTH_ERROR_CODES.nameNotSingleLine, SINGLE_LINE_TEXT_MESSAGE);
  // Left out (absent, null or empty) is fine; given, it must be valid.
  const birthDate = given(b.birthDate) ? b.birthDate : null;
  if (birthDate !== null && !isValidBirthDate(birthDate)) throw fail(AUTH_ERROR_CODES.invalidBirthDate, 'Please enter a valid birth date');
  const gender = given(b.gender) ? genderSchema.safeParse(b.gender) : null;
  if (gender && !gender.success) throw fail(AUTH_ERROR_CODES.invalidGender, 'Gender must be male, female or non-binary');
  const language = readLanguage(b.language);
  if (!language) throw fail(AUTH_ERROR_CODES.invalidLanguage, 'Language must be en, fr or es');
  if (b.marketingConsent !== undefined && typeof b.marketingConsent !== 'boolean') {
    throw fail(AUTH_ERROR_CODES.invalidMarketingConsent, 'marketingConsent must be true or false');
  }
  const postalCode = readPostalCode(b.postalCode, serviceableProvinces);
  const password = typeof b.password === 'string' ? b.password : '';
  const problem = checkPassword(password, { email, name });
  if (problem) throw fail(problem.code, problem.message);
  return { email, name, password, birthDate, gender: gender?.data ?? null, marketingConsent: b.marketingConsent === true, language, postalCode };
}

/**
 * Not a field of the form: the browser sends the code the visitor checked on the landing page.
 * It is checked again with the checker's rules, since anything may arrive here (decision 057).
 */
function readPostalCode(value: unknown, serviceableProvinces: readonly ProvinceCode[]): string | null {
  if (value === undefined || value === null) return null;
  const parsed = typeof value === 'string' ? parsePostalCode(value) : ({ ok: false } as const);
  if (!parsed.ok) throw fail(AUTH_ERROR_CODES.invalidPostalCode, 'The postal code sent with the sign-up is not valid');
  if (!serviceableProvinces.includes(provinceOf(parsed.code))) throw fail(AUTH_ERROR_CODES.invalidPostalCode, 'Peakwise does not serve the postal code sent with the sign-up');
  return parsed.code;
}

type UserLike = { id: string; name: string; email: string; emailVerified?: boolean; image?: string | null; createdAt: Date | string; updatedAt: Date | string };

/**
 * The `user` of a sign-up answer, in a fixed shape and key order, for the real account and for
 * the stand-in answer given when the email is taken: the two bodies cannot be told apart.
 */
export function signUpUserBody(user: UserLike) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    image: user.image ?? null,
    emailVerified: false,
    createdAt: new Date(user.createdAt).toISOString(),
    updatedAt: new Date(user.updatedAt).toISOString(),
  };
}
