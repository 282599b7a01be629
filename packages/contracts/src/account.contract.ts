import { z } from 'zod';
import { singleLine } from './single-line-text';

export const PROFILE_MESSAGES = {
  loadFailed: 'Failed to load profile',
  saveFailed: 'Failed to update profile',
  noUser: 'No user found',
  saved: 'Profile updated successfully',
} as const;

export const SIGN_IN_MESSAGES = {
  invalidCredentials: 'Invalid email or password. Please try the demo credentials shown below.',
  noUser: 'Unable to log in. Please try again.',
  failed: 'Failed to log in',
} as const;

export const LANGUAGES = ['en', 'fr', 'es'] as const;
export const languageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;

/** Every Canadian time zone, west to east (the spec's list lacked Mountain, yet Alberta is served). */
export const CANADIAN_TIME_ZONES = [
  'America/Vancouver',
  'America/Edmonton',
  'America/Winnipeg',
  'America/Toronto',
  'America/Halifax',
  'America/St_Johns',
] as const;
export const timeZoneSchema = z.enum(CANADIAN_TIME_ZONES);
export type CanadianTimeZone = z.infer<typeof timeZoneSchema>;

export const GENDERS = ['male', 'female', 'non-binary'] as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** GET /api/profile and the body of a successful PUT. */
export const profileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  pendingEmail: z.string().nullable(),
  language: languageSchema,
  timeZone: timeZoneSchema,
  marketingConsent: z.boolean(),
  /** Whether the home's own figures may go, under a pseudonym, to a utility that asks for them (decision 121). */
  utilityDataConsent: z.boolean(),
  updatedAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** PUT /api/profile. Unknown keys (id, emailVerified, points…) are stripped, never applied. */
export const updateProfileSchema = z.object({
  name: singleLine(z.string().trim().max(100)).default(''),
  email: z.email().trim().toLowerCase(),
});
export type UpdateProfile = z.infer<typeof updateProfileSchema>;

/** PUT /api/profile/preferences */
export const updatePreferencesSchema = z
  .object({ language: languageSchema.optional(), timeZone: timeZoneSchema.optional() })
  .refine((v) => v.language !== undefined || v.timeZone !== undefined, { message: 'Nothing to update' });

/** PUT /api/profile/consents/marketing */
export const marketingConsentSchema = z.object({ granted: z.boolean() });

/** DELETE /api/account: the member types DELETE to confirm. */
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE';
export const deleteAccountSchema = z.object({ confirmation: z.literal(DELETE_ACCOUNT_CONFIRMATION) });

export const genderSchema = z.enum(GENDERS);
export type Gender = z.infer<typeof genderSchema>;

/** The sign-up checkbox (docs/product/messages.md#sign-up); stored word for word with every consent record. */
export const MARKETING_CONSENT_PURPOSE = 'marketing_data_sharing';
export const MARKETING_CONSENT_WORDING = 'Share my registration data with content providers for marketing purposes';
/** Per-resource OpenADR reports (decision 121): without it, a home is only ever part of a sum. */
export const UTILITY_DATA_CONSENT_PURPOSE = 'openadr_resource_data';
export const UTILITY_DATA_CONSENT_WORDING = 'Send my home’s own event figures, under a pseudonym, to the utility running the program when it asks for them';
export const utilityDataConsentSchema = z.object({ granted: z.boolean() });

export const BIRTH_YEAR_MIN = 1900;

/** 'YYYY-MM-DD', a real calendar date, year 1900 to this year, not in the future. */
export function isValidBirthDate(value: unknown, today: Date = new Date()): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= BIRTH_YEAR_MIN && year <= today.getUTCFullYear() && value <= today.toISOString().slice(0, 10);
}

/** POST /api/auth/sign-up/email. confirmEmail is checked by the server too. */
export const signUpRequestSchema = z.object({
  email: z.email(),
  confirmEmail: z.string(),
  password: z.string(),
  name: singleLine(z.string().trim().min(1).max(100)),
  // Email, its confirmation, password and name are required; birth date and gender are the member's to give or not.
  birthDate: z.string().refine((value) => isValidBirthDate(value), 'Please enter a valid birth date').optional(),
  gender: genderSchema.optional(),
  marketingConsent: z.boolean(),
  language: languageSchema,
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

/**
 * Codes the auth endpoints answer with, in better-auth's flat `{ code, message }` body
 * (our own /api routes nest it: `{ error: { code, message } }`).
 */
export const AUTH_ERROR_CODES = {
  emailMismatch: 'EMAIL_MISMATCH',
  invalidEmail: 'INVALID_EMAIL',
  nameRequired: 'NAME_REQUIRED',
  /** A name with a line break, a control character or a direction override (decision 080). */
  nameNotSingleLine: 'NAME_NOT_SINGLE_LINE',
  invalidBirthDate: 'INVALID_BIRTH_DATE',
  invalidGender: 'INVALID_GENDER',
  invalidLanguage: 'INVALID_LANGUAGE',
  invalidMarketingConsent: 'INVALID_MARKETING_CONSENT',
  passwordTooShort: 'PASSWORD_TOO_SHORT',
  passwordTooLong: 'PASSWORD_TOO_LONG',
  passwordTooCommon: 'PASSWORD_TOO_COMMON',
  passwordMatchesPersonalInfo: 'PASSWORD_MATCHES_PERSONAL_INFO',
  invalidCredentials: 'INVALID_EMAIL_OR_PASSWORD',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  demoAccountReadOnly: 'DEMO_ACCOUNT_READ_ONLY',
  /** The landing page's checked postal code, sent with a sign-up, is malformed or not served (decision 057). */
  invalidPostalCode: 'INVALID_POSTAL_CODE',
} as const;

/** POST /api/auth/social/{provider} */
export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS);
export type SocialProvider = z.infer<typeof socialProviderSchema>;
export const socialSignInRequestSchema = z.object({ callbackURL: z.string().default('/app/dashboard') });
export const socialSignInResponseSchema = z.object({ url: z.string() });

/** GET /api/sessions: one entry per signed-in browser ("connected devices" in Settings). */
export const connectedSessionSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** Masked to its /24 (IPv4) or /48 (IPv6) network. */
  ipAddress: z.string().nullable(),
  /** 'Local network' for private and loopback addresses; otherwise null (no GeoIP database ships). */
  place: z.string().nullable(),
  lastActiveAt: z.string(),
  createdAt: z.string(),
});
export type ConnectedSession = z.infer<typeof connectedSessionSchema>;
export const connectedSessionsSchema = z.array(connectedSessionSchema);
