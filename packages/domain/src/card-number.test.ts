import { describe, expect, it } from 'vitest';
import { cardBrand, cardProblems, isExpired, normaliseCardNumber, passesLuhn } from './card-number';

const today = { year: 2026, month: 11 };

describe('passesLuhn', () => {
  it('accepts the published test numbers', () => {
    for (const n of ['4242424242424242', '4000000000009995', '4000000000000069', '4000002500003155', '5555555555554444', '378282246310005']) {
      expect(passesLuhn(n), n).toBe(true);
    }
  });
  it('refuses a number with one digit changed or two swapped', () => {
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('4242424242424224')).toBe(false);
  });
  it('checks a short number worked by hand: 79927398713 (sum 70)', () => {
    // Doubling every second digit from the right: 7 9→18→9 9 2→4 7 3→6 9 8→16→7 7 1→2 3 = 70.
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
  });
  it('refuses anything but digits', () => {
    expect(passesLuhn('4242 4242')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });
});

describe('normaliseCardNumber', () => {
  it('drops spaces and hyphens, refuses other characters and lengths', () => {
    expect(normaliseCardNumber('4242 4242-4242 4242')).toBe('4242424242424242');
    expect(normaliseCardNumber('4242x42424242424')).toBeNull();
    expect(normaliseCardNumber('42424242')).toBeNull();
  });
});

describe('cardBrand', () => {
  it('names the common brands', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('9999999999999995')).toBe('unknown');
  });
});

describe('expiry', () => {
  it('is good through the end of its month', () => {
    expect(isExpired(11, 2026, today)).toBe(false);
    expect(isExpired(10, 2026, today)).toBe(true);
    expect(isExpired(1, 2027, today)).toBe(false);
    expect(isExpired(12, 2025, today)).toBe(true);
  });
});

describe('cardProblems', () => {
  const good = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };
  it('finds none in a good card', () => expect(cardProblems(good, today)).toEqual([]));
  it('names each problem', () => {
    expect(cardProblems({ ...good, number: '4242424242424241' }, today)).toEqual(['number']);
    expect(cardProblems({ ...good, expMonth: 13 }, today)).toEqual(['expiry']);
    expect(cardProblems({ ...good, expMonth: 10, expYear: 2026 }, today)).toEqual(['expired']);
    expect(cardProblems({ ...good, cvc: '12' }, today)).toEqual(['cvc']);
    expect(cardProblems({ ...good, number: '378282246310005', cvc: '123' }, today)).toEqual(['cvc']);
    expect(cardProblems({ number: 'x', expMonth: 0, expYear: 2030, cvc: '' }, today)).toEqual(['number', 'expiry', 'cvc']);
  });
});
