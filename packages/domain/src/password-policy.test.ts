import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords';
import { checkPassword, PASSWORD_MAX_LENGTH } from './password-policy';

describe('checkPassword', () => {
  it('accepts a long, uncommon password', () => {
    expect(checkPassword('correct horse battery staple')).toBeNull();
    expect(checkPassword('tangerine-kayak-41', { email: 'sam@example.com', name: 'Sam' })).toBeNull();
  });

  it('refuses fewer than 8 characters, counting code points', () => {
    expect(checkPassword('x7#kQ2!')).toMatchObject({ code: 'PASSWORD_TOO_SHORT', message: 'Password must be at least 8 characters' });
    expect(checkPassword('🔋🔋🔋🔋🔋🔋🔋')?.code).toBe('PASSWORD_TOO_SHORT');
    expect(checkPassword('🔋🔋🔋🔋🔋🔋🔋🔋')).toBeNull();
  });

  it('refuses more than 128 characters', () => {
    expect(checkPassword('a1'.repeat(64))).toBeNull();
    expect(checkPassword(`${'a1'.repeat(64)}b`)).toMatchObject({ code: 'PASSWORD_TOO_LONG', message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` });
  });

  it.each(['password', 'Password1', 'QWERTY123', '12345678', 'iloveyou', 'sunshine1', 'motdepasse'])('refuses the common password %s', (password) => {
    expect(checkPassword(password)?.code).toBe('PASSWORD_TOO_COMMON');
  });

  it('ships several hundred lower-case, distinct common passwords', () => {
    expect(COMMON_PASSWORDS.length).toBeGreaterThanOrEqual(300);
    expect(new Set(COMMON_PASSWORDS).size).toBe(COMMON_PASSWORDS.length);
    expect(COMMON_PASSWORDS.every((p) => p === p.toLowerCase())).toBe(true);
  });

  it('refuses the email, its local part or the name', () => {
    const who = { email: 'Marie.Tremblay@example.ca', name: 'Marie Tremblay' };
    expect(checkPassword('marie.tremblay@example.ca', who)?.code).toBe('PASSWORD_MATCHES_PERSONAL_INFO');
    expect(checkPassword('marie.tremblay', who)?.code).toBe('PASSWORD_MATCHES_PERSONAL_INFO');
    expect(checkPassword('MARIE TREMBLAY', who)).toMatchObject({ code: 'PASSWORD_MATCHES_PERSONAL_INFO', message: 'Your password must not be your email address or name.' });
    expect(checkPassword('marie tremblay 1984', who)).toBeNull();
  });
});
