import { describe, expect, it } from 'vitest';
import { buildSignUpPayload } from './sign-up-payload';

describe('buildSignUpPayload', () => {
  it('assembles a zero-padded birth date and trims text', () => {
    const payload = buildSignUpPayload(
      {
        email: ' sam@example.ca ',
        confirmEmail: 'sam@example.ca',
        password: 'correct-horse',
        name: ' Sam ',
        month: '3',
        day: '7',
        year: '1984',
        gender: 'female',
        marketingConsent: true,
      },
      'fr',
    );
    expect(payload).toEqual({
      email: 'sam@example.ca',
      confirmEmail: 'sam@example.ca',
      password: 'correct-horse',
      name: 'Sam',
      birthDate: '1984-03-07',
      gender: 'female',
      marketingConsent: true,
      language: 'fr',
    });
  });
});

describe('buildSignUpPayload with a checked postal code (decision 057)', () => {
  const values = { email: 'a@example.ca', confirmEmail: 'a@example.ca', password: 'correct-horse', name: 'A', month: '1', day: '2', year: '1990', gender: 'male' as const, marketingConsent: false };
  it('leaves out the birth date and gender when not given', () => {
    const payload = buildSignUpPayload({ ...values, month: '', day: '', year: '', gender: '' }, 'en');
    expect('birthDate' in payload).toBe(false);
    expect('gender' in payload).toBe(false);
  });
  it('sends the code only when there is one', () => {
    expect(buildSignUpPayload(values, 'en', 'H2X 1Y4').postalCode).toBe('H2X 1Y4');
    expect('postalCode' in buildSignUpPayload(values, 'en')).toBe(false);
  });
});
