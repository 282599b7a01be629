import { COMMON_PASSWORDS } from './common-passwords';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = {
  code: 'PASSWORD_TOO_SHORT' | 'PASSWORD_TOO_LONG' | 'PASSWORD_TOO_COMMON' | 'PASSWORD_MATCHES_PERSONAL_INFO';
  message: string;
};

const COMMON = new Set(COMMON_PASSWORDS);
const normalise = (value: string) => value.trim().toLowerCase();

/**
 * NIST SP 800-63B rules: length 8–128 (any characters, no composition rules) and no password
 * known from breaches or equal to the member's own email or name. Returns the first problem, or
 * null when the password may be used.
 */
export function checkPassword(password: string, context: { email?: string | null; name?: string | null } = {}): PasswordProblem | null {
  // Length counts code points, so an emoji is one character, not two.
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) {
    return { code: 'PASSWORD_TOO_SHORT', message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` };
  }
  if (length > PASSWORD_MAX_LENGTH) {
    return { code: 'PASSWORD_TOO_LONG', message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` };
  }
  const candidate = normalise(password);
  if (COMMON.has(candidate)) {
    return { code: 'PASSWORD_TOO_COMMON', message: 'This password is too common. Choose one that is harder to guess.' };
  }
  const email = context.email ? normalise(context.email) : '';
  const name = context.name ? normalise(context.name) : '';
  const emailLocalPart = email.split('@')[0] ?? '';
  if ((email && candidate === email) || (name && candidate === name) || (emailLocalPart.length >= PASSWORD_MIN_LENGTH && candidate === emailLocalPart)) {
    return { code: 'PASSWORD_MATCHES_PERSONAL_INFO', message: 'Your password must not be your email address or name.' };
  }
  return null;
}
