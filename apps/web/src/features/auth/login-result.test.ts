import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { interpretLogin, type LoginResult } from './login-result';

const en = i18n.getFixedT('en', 'auth');
const shown = (result: LoginResult) => {
  if (result.ok) return 'ok';
  return result.message.kind === 'key' ? en(result.message.key) : result.message.text;
};
const respond = (status: number, body: unknown) => ({ response: { status, ok: status >= 200 && status < 300, body } });

describe('interpretLogin (SPEC §8, login)', () => {
  it('succeeds when the server returns a user', () => {
    expect(interpretLogin(respond(200, { user: { id: 'u1' }, token: 't' }))).toEqual({ ok: true });
  });

  it.each([
    ['a 401', respond(401, { code: 'SOMETHING', message: 'Nope' })],
    ['code INVALID_EMAIL_OR_PASSWORD', respond(400, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' })],
    ['the nested API error shape', respond(400, { error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'x' } })],
    ["the message 'Invalid login credentials'", respond(400, { message: 'Invalid login credentials' })],
  ])('maps %s to the invalid-credentials message', (_label, outcome) => {
    expect(shown(interpretLogin(outcome))).toBe('Invalid email or password. Please try the demo credentials shown below.');
  });

  it('shows any other server message as is', () => {
    expect(shown(interpretLogin(respond(429, { code: 'RATE_LIMITED', message: 'Too many attempts, wait a minute' })))).toBe(
      'Too many attempts, wait a minute',
    );
    expect(shown(interpretLogin(respond(403, { error: { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' } })))).toBe(
      'Email not verified',
    );
  });

  it("falls back to 'Failed to log in' when the server gives no message", () => {
    expect(shown(interpretLogin(respond(500, null)))).toBe('Failed to log in');
  });

  it('shows a thrown error’s message', () => {
    expect(shown(interpretLogin({ thrown: new TypeError('Failed to fetch') }))).toBe('Failed to fetch');
  });

  it("shows 'Failed to log in' for a thrown error without a message", () => {
    expect(shown(interpretLogin({ thrown: new Error('') }))).toBe('Failed to log in');
    expect(shown(interpretLogin({ thrown: 'boom' }))).toBe('Failed to log in');
  });

  it("reports 'Unable to log in. Please try again.' for a success without a user", () => {
    expect(shown(interpretLogin(respond(200, { token: 't' })))).toBe('Unable to log in. Please try again.');
    expect(shown(interpretLogin(respond(200, null)))).toBe('Unable to log in. Please try again.');
  });
});
