import { describe, expect, it } from 'vitest';
import { validateSignUp, type SignUpValues } from './sign-up-validation';

const valid: SignUpValues = {
  email: 'sam@example.ca',
  confirmEmail: 'sam@example.ca',
  password: 'correct-horse',
  name: 'Sam',
  month: '3',
  day: '7',
  year: '1984',
  gender: 'non-binary',
  marketingConsent: false,
};

describe('validateSignUp', () => {
  it('accepts a complete form', () => {
    expect(validateSignUp(valid, 2025)).toEqual({});
  });

  it('requires email, confirm email, password and name', () => {
    const errors = validateSignUp({ ...valid, email: ' ', confirmEmail: '', password: '', name: '' }, 2025);
    expect(errors).toMatchObject({
      email: 'emailRequired',
      confirmEmail: 'confirmEmailRequired',
      password: 'passwordRequired',
      name: 'nameRequired',
    });
  });

  it('blocks mismatched emails', () => {
    expect(validateSignUp({ ...valid, confirmEmail: 'other@example.ca' }, 2025).confirmEmail).toBe('emailMismatch');
  });

  it('ignores case and surrounding spaces when comparing emails', () => {
    expect(validateSignUp({ ...valid, confirmEmail: ' SAM@example.ca ' }, 2025)).toEqual({});
  });

  it('needs a password of at least 8 characters', () => {
    expect(validateSignUp({ ...valid, password: '1234567' }, 2025).password).toBe('passwordTooShort');
    expect(validateSignUp({ ...valid, password: '12345678' }, 2025).password).toBeUndefined();
  });

  it('keeps day within 1–31 and year within 1900–current year', () => {
    expect(validateSignUp({ ...valid, day: '0' }, 2025).day).toBe('dayInvalid');
    expect(validateSignUp({ ...valid, day: '32' }, 2025).day).toBe('dayInvalid');
    expect(validateSignUp({ ...valid, year: '1899' }, 2025).year).toBe('yearInvalid');
    expect(validateSignUp({ ...valid, year: '2026' }, 2025).year).toBe('yearInvalid');
    expect(validateSignUp({ ...valid, year: '2025' }, 2025).year).toBeUndefined();
  });

  it('rejects dates that do not exist', () => {
    expect(validateSignUp({ ...valid, month: '2', day: '30' }, 2025).day).toBe('dateInvalid');
  });

  it('leaves birth date and gender optional: blank is fine, a birth date begun must be whole', () => {
    expect(validateSignUp({ ...valid, month: '', day: '', year: '', gender: '' }, 2025)).toEqual({});
    const errors = validateSignUp({ ...valid, month: '', gender: '' }, 2025);
    expect(errors.month).toBe('monthRequired');
    expect(errors.gender).toBeUndefined();
  });
});
