import { describe, expect, it } from 'vitest';
import { accountNumber } from './billing-account';

describe('a statement’s account number', () => {
  it('is the household id’s first twelve hex digits, grouped by four, upper case', () => {
    expect(accountNumber('3f2a91c0-7b1e-4d2a-9c3b-0123456789ab')).toBe('3F2A-91C0-7B1E');
  });
  it('refuses what is not a household id', () => {
    expect(() => accountNumber('not-an-id')).toThrow(RangeError);
  });
});
