/**
 * Card checks made before a number leaves the browser and again by the processor's tokenizer
 * (decision 048). Pure: no number is stored or logged by anything here.
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

/** Spaces and hyphens are how people type card numbers; nothing else is allowed. */
export function normaliseCardNumber(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : null;
}

/** The Luhn (mod 10) check digit test every card number passes. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

/** A card is good through the last day of its expiry month. */
export function isExpired(expMonth: number, expYear: number, today: { year: number; month: number }): boolean {
  return expYear < today.year || (expYear === today.year && expMonth < today.month);
}

/** Four digits for American Express, three for the others. */
export function cvcLength(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

export type CardProblem = 'number' | 'expiry' | 'expired' | 'cvc';

/**
 * Every problem with a typed card, in form order. `expiry` is a month outside 1–12 or a year
 * that is not four digits; `expired` a month already past.
 */
export function cardProblems(card: { number: string; expMonth: number; expYear: number; cvc: string }, today: { year: number; month: number }): CardProblem[] {
  const problems: CardProblem[] = [];
  const digits = normaliseCardNumber(card.number);
  if (!digits || !passesLuhn(digits)) problems.push('number');
  const monthOk = Number.isInteger(card.expMonth) && card.expMonth >= 1 && card.expMonth <= 12;
  const yearOk = Number.isInteger(card.expYear) && card.expYear >= 2000 && card.expYear <= 2099;
  if (!monthOk || !yearOk) problems.push('expiry');
  else if (isExpired(card.expMonth, card.expYear, today)) problems.push('expired');
  const wanted = digits ? cvcLength(cardBrand(digits)) : 3;
  if (!new RegExp(`^\\d{${wanted}}$`).test(card.cvc)) problems.push('cvc');
  return problems;
}
