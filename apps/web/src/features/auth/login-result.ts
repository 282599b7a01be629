import { readServerError, serverErrorKey, type ServerErrorKey } from '@/lib/server-error';
import type { AuthResponse } from './api/post-auth';

/** A translated message (by key in the auth namespace), a known server code, or the server's own words. */
export type AuthMessage =
  | { kind: 'key'; key: 'errors.invalidCredentials' | 'errors.failed' | 'errors.noUser' }
  | { kind: 'server'; key: ServerErrorKey }
  | { kind: 'text'; text: string };

/** Signed in; or the password was right and a second factor is needed (no session yet); or refused. */
export type LoginResult = { ok: true } | { ok: false; twoFactor: true } | { ok: false; message: AuthMessage };

const INVALID_CREDENTIALS_CODE = 'INVALID_EMAIL_OR_PASSWORD';
// The wording of the hosted backend Peakwise first ran on (docs/product/messages.md#sign-in); kept so either backend maps the same way.
const INVALID_CREDENTIALS_MESSAGE = 'Invalid login credentials';

function field(body: unknown, name: string): unknown {
  return body && typeof body === 'object' && name in body ? (body as Record<string, unknown>)[name] : undefined;
}

/** The words for a refused request: a known code, else the server's message, else 'Failed to log in'. */
export function refusal(body: unknown): AuthMessage {
  const { code, message } = readServerError(body);
  const key = serverErrorKey(code);
  if (key) return { kind: 'server', key };
  return message ? { kind: 'text', text: message } : { kind: 'key', key: 'errors.failed' };
}

/** The sign-in messages (docs/product/messages.md#sign-in): turns what the sign-in call produced into success or the message to show. */
export function interpretLogin(outcome: { response: AuthResponse } | { thrown: unknown }): LoginResult {
  if ('thrown' in outcome) {
    const { thrown } = outcome;
    const text = thrown instanceof Error ? thrown.message.trim() : '';
    return { ok: false, message: text ? { kind: 'text', text } : { kind: 'key', key: 'errors.failed' } };
  }
  const { response } = outcome;
  if (response.ok) {
    if (field(response.body, 'twoFactorRedirect') === true) return { ok: false, twoFactor: true };
    return field(response.body, 'user') ? { ok: true } : { ok: false, message: { kind: 'key', key: 'errors.noUser' } };
  }
  const { code, message } = readServerError(response.body);
  if (response.status === 401 || code === INVALID_CREDENTIALS_CODE || message === INVALID_CREDENTIALS_MESSAGE) {
    return { ok: false, message: { kind: 'key', key: 'errors.invalidCredentials' } };
  }
  return { ok: false, message: refusal(response.body) };
}

/** The second step: 200 with a user signs in; anything else is refused with its reason. */
export function interpretSecondFactor(outcome: { response: AuthResponse } | { thrown: unknown }): LoginResult {
  if ('thrown' in outcome) return interpretLogin(outcome);
  const { response } = outcome;
  if (response.ok) return field(response.body, 'user') ? { ok: true } : { ok: false, message: { kind: 'key', key: 'errors.noUser' } };
  return { ok: false, message: refusal(response.body) };
}
