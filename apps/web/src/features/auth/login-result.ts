import type { AuthResponse } from './api/post-auth';
import { readServerError } from './api/server-error';

/** Either a translated message (by key in the auth namespace) or the server's own words. */
export type AuthMessage =
  | { kind: 'key'; key: 'errors.invalidCredentials' | 'errors.failed' | 'errors.noUser' }
  | { kind: 'text'; text: string };

export type LoginResult = { ok: true } | { ok: false; message: AuthMessage };

const INVALID_CREDENTIALS_CODE = 'INVALID_EMAIL_OR_PASSWORD';
// The wording of the original hosted backend (SPEC §8); kept so either backend maps the same way.
const INVALID_CREDENTIALS_MESSAGE = 'Invalid login credentials';

function hasUser(body: unknown) {
  return Boolean(body && typeof body === 'object' && 'user' in body && (body as { user: unknown }).user);
}

/** SPEC §8, login rows: turns what the sign-in call produced into success or the message to show. */
export function interpretLogin(outcome: { response: AuthResponse } | { thrown: unknown }): LoginResult {
  if ('thrown' in outcome) {
    const { thrown } = outcome;
    const text = thrown instanceof Error ? thrown.message.trim() : '';
    return { ok: false, message: text ? { kind: 'text', text } : { kind: 'key', key: 'errors.failed' } };
  }
  const { response } = outcome;
  if (response.ok) {
    return hasUser(response.body) ? { ok: true } : { ok: false, message: { kind: 'key', key: 'errors.noUser' } };
  }
  const { code, message } = readServerError(response.body);
  if (response.status === 401 || code === INVALID_CREDENTIALS_CODE || message === INVALID_CREDENTIALS_MESSAGE) {
    return { ok: false, message: { kind: 'key', key: 'errors.invalidCredentials' } };
  }
  return { ok: false, message: message ? { kind: 'text', text: message } : { kind: 'key', key: 'errors.failed' } };
}
