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
