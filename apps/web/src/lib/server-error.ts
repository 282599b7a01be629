export type ServerError = { code?: string; message?: string };

function pick(value: unknown): ServerError {
  if (!value || typeof value !== 'object') return {};
  const record = value as Record<string, unknown>;
  return {
    code: typeof record.code === 'string' ? record.code : undefined,
    message: typeof record.message === 'string' && record.message.trim() ? record.message : undefined,
  };
}

/**
 * Reads the code and message out of an error body. Accepts our API's `{ error: { code, message } }`
 * and the auth library's flat `{ code, message }`, so the UI does not care which layer answered.
 */
export function readServerError(body: unknown): ServerError {
  if (body && typeof body === 'object' && 'error' in body) {
    const nested = pick((body as { error: unknown }).error);
    if (nested.code || nested.message) return nested;
  }
  return pick(body);
}

/** One field's sentence in a validation refusal's `details`. */
export type FieldDetail = { path: string; message: string };

/** The `details` of a validation refusal: each field's own sentence. */
export function fieldDetailsOf(body: unknown): FieldDetail[] {
  const error = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  const details = error && typeof error === 'object' ? (error as { details?: unknown }).details : undefined;
  if (!Array.isArray(details)) return [];
  return details.flatMap((d: unknown) => {
    if (!d || typeof d !== 'object') return [];
    const { path, message } = d as Record<string, unknown>;
    return typeof message === 'string' ? [{ path: typeof path === 'string' ? path : '', message }] : [];
  });
}

/**
 * Server codes we explain in the member's language, as keys of the auth namespace's `serverErrors`
 * group. Both spellings of a code (better-auth's upper case, our API's lower case) map to one key.
 */
const codeKeys = {
  EMAIL_MISMATCH: 'emailMismatch',
  INVALID_EMAIL: 'invalidEmail',
  NAME_REQUIRED: 'nameRequired',
  NAME_NOT_SINGLE_LINE: 'nameNotSingleLine',
  INVALID_BIRTH_DATE: 'invalidBirthDate',
  INVALID_GENDER: 'invalidGender',
  INVALID_LANGUAGE: 'invalidLanguage',
  PASSWORD_TOO_SHORT: 'passwordTooShort',
  PASSWORD_TOO_LONG: 'passwordTooLong',
  PASSWORD_TOO_COMMON: 'passwordTooCommon',
  PASSWORD_MATCHES_PERSONAL_INFO: 'passwordMatchesPersonalInfo',
  INVALID_PASSWORD: 'invalidPassword',
  INVALID_CODE: 'invalidCode',
  INVALID_TWO_FACTOR_CODE: 'invalidCode',
  INVALID_BACKUP_CODE: 'invalidCode',
  INVALID_TOKEN: 'invalidToken',
  INVALID_TWO_FACTOR_COOKIE: 'twoFactorExpired',
  SESSION_EXPIRED: 'sessionExpired',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'tooManyRequests',
  TOO_MANY_REQUESTS: 'tooManyRequests',
  DEMO_ACCOUNT_READ_ONLY: 'demoReadOnly',
  DEMO_ACCOUNT_SHARED: 'demoShared',
  INVALID_POSTAL_CODE: 'invalidPostalCode',
  PROVIDER_NOT_CONFIGURED: 'providerNotConfigured',
  ACCOUNT_EXISTS: 'accountExists',
  EMAIL_CHANGE_FAILED: 'emailChangeFailed',
  COULDNT_UPDATE_YOUR_EMAIL: 'emailChangeFailed',
} as const;

export type ServerErrorKey = (typeof codeKeys)[keyof typeof codeKeys];

export function serverErrorKey(code: string | undefined): ServerErrorKey | undefined {
  if (!code) return undefined;
  const normalised = code.toUpperCase() as keyof typeof codeKeys;
  return Object.hasOwn(codeKeys, normalised) ? codeKeys[normalised] : undefined;
}
