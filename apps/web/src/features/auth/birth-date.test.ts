import { describe, expect, it } from 'vitest';
import { assembleBirthDate, isRealDate } from './birth-date';

describe('assembleBirthDate', () => {
  it('zero-pads month and day', () => {
    expect(assembleBirthDate(1984, 3, 7)).toBe('1984-03-07');
  });

  it('leaves two-digit parts alone', () => {
    expect(assembleBirthDate(2001, 12, 31)).toBe('2001-12-31');
  });

  it('pads the year to four digits', () => {
    expect(assembleBirthDate(999, 1, 1)).toBe('0999-01-01');
  });
});

describe('isRealDate', () => {
  it('accepts a leap day in a leap year and rejects it otherwise', () => {
    expect(isRealDate(2024, 2, 29)).toBe(true);
    expect(isRealDate(2023, 2, 29)).toBe(false);
  });

  it('rejects 31 April', () => {
    expect(isRealDate(1990, 4, 31)).toBe(false);
  });
});
