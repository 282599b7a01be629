import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { interpretLogin, interpretSecondFactor, type LoginResult } from './login-result';

const en = i18n.getFixedT('en', 'auth');
const shown = (result: LoginResult) => {
  if (result.ok) return 'ok';
  if ('twoFactor' in result) return 'two-factor';
  const { message } = result;
  if (message.kind === 'key') return en(message.key);
  return message.kind === 'server' ? en(`serverErrors.${message.key}`, { provider: '' }) : message.text;
};
const respond = (status: number, body: unknown) => ({ response: { status, ok: status >= 200 && status < 300, body } });

describe('interpretLogin (docs/product/messages.md#sign-in)', () => {
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

  it('asks for the second factor when the server says so, without a session', () => {
    expect(interpretLogin(respond(200, { twoFactorRedirect: true, twoFactorMethods: ['totp'] }))).toEqual({ ok: false, twoFactor: true });
  });

  it('translates a known code such as TOO_MANY_REQUESTS', () => {
    expect(shown(interpretLogin(respond(429, { code: 'TOO_MANY_REQUESTS', message: 'Too many requests.' })))).toBe(
      'Too many attempts. Please wait a minute and try again.',
    );
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

describe('interpretSecondFactor', () => {
  it('signs in with a user, and explains a wrong code', () => {
    expect(interpretSecondFactor(respond(200, { token: 't', user: { id: 'u1' } }))).toEqual({ ok: true });
    expect(shown(interpretSecondFactor(respond(401, { code: 'INVALID_CODE', message: 'Invalid code' })))).toBe(
      'That code didn’t work. Check it and try again.',
    );
    expect(shown(interpretSecondFactor(respond(401, { code: 'INVALID_TWO_FACTOR_COOKIE', message: 'x' })))).toBe(
      'Your sign-in took too long. Please log in again.',
    );
  });
});
