import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { monthOptions } from './month-options';

describe('monthOptions', () => {
  afterAll(() => i18n.changeLanguage('en'));

  // The names came from Intl.DateTimeFormat, capitalised, before they were strings (decision 118):
  // each language's strings must read as that did, month by month.
  it.each(['en', 'fr', 'es'] as const)('names the twelve months in %s as the browser would, values 1 to 12', async (language) => {
    await i18n.changeLanguage(language);
    const format = new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' });
    const expected = Array.from({ length: 12 }, (_, index) => {
      const name = format.format(new Date(Date.UTC(2000, index, 1)));
      return { value: String(index + 1), label: name.charAt(0).toLocaleUpperCase(language) + name.slice(1) };
    });
    expect(monthOptions(i18n.getFixedT(language, 'auth'))).toEqual(expected);
  });
});
