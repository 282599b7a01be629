import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProvinceCode } from './postal-code';
import {
  isServiceable,
  isValidPostalCode,
  normalizePostalCode,
  parsePostalCode,
  POSTAL_CODE_INPUT_MAX_LENGTH,
  provinceOf,
} from './postal-code';
import { placeOf } from './postal-place';

const FIRST_LETTERS = 'ABCEGHJKLMNPRSTVXY';
const OTHER_LETTERS = 'ABCEGHJKLMNPRSTVWXYZ';
const FORBIDDEN = 'DFIOQU';

const char = (alphabet: string) => fc.constantFrom(...alphabet.split(''));
const digit = char('0123456789');

/** A valid normalised code, e.g. "K1A0B1", built from the allowed alphabets. */
const validCode = fc
  .tuple(char(FIRST_LETTERS), digit, char(OTHER_LETTERS), digit, char(OTHER_LETTERS), digit)
  .map((parts) => parts.join(''));

/** Same code, random case per character. */
function withCase(code: string, mask: readonly boolean[]): string {
  return code
    .split('')
    .map((c, i) => (mask[i] ? c.toLowerCase() : c))
    .join('');
}

describe('parsePostalCode: properties', () => {
  it('never throws on any string, and provinceOf never throws on what it accepts', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20, unit: 'binary' }), (raw) => {
        const parsed = parsePostalCode(raw);
        normalizePostalCode(raw);
        if (parsed.ok) provinceOf(parsed.code);
      }),
    );
  }, 30_000); // A fixed number of runs: on a host at load 15–20 they took over the default 5 s.

  it('accepts every valid code in every spelling and normalises to the same six characters', () => {
    fc.assert(
      fc.property(
        validCode,
        fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        fc.constantFrom('', ' ', '-'),
        (code, mask, separator) => {
          const cased = withCase(code, mask);
          const raw = `${cased.slice(0, 3)}${separator}${cased.slice(3)}`;
          const parsed = parsePostalCode(raw);
          expect(parsed).toEqual({
            ok: true,
            code,
            formatted: `${code.slice(0, 3)} ${code.slice(3)}`,
            fsa: code.slice(0, 3),
          });
          expect(normalizePostalCode(raw)).toBe(code);
          for (const spelling of [code.toLowerCase(), code.toUpperCase()]) {
            expect(parsePostalCode(spelling).ok).toBe(true);
          }
        },
      ),
    );
  });

  it('rejects any code containing D, F, I, O, Q or U anywhere', () => {
    fc.assert(
      fc.property(
        validCode,
        fc.constantFrom(0, 2, 4),
        char(FORBIDDEN + FORBIDDEN.toLowerCase()),
        (code, position, bad) => {
          const raw = code.slice(0, position) + bad + code.slice(position + 1);
          expect(parsePostalCode(raw).ok).toBe(false);
        },
      ),
    );
  });

  it('rejects W or Z as the first letter', () => {
    fc.assert(
      fc.property(validCode, char('WZwz'), (code, first) => {
        expect(parsePostalCode(first + code.slice(1)).ok).toBe(false);
      }),
    );
  });

  it('rejects input longer than 7 characters, even when it would normalise to a valid code', () => {
    fc.assert(
      fc.property(validCode, fc.integer({ min: 2, max: 10 }), (code, spaces) => {
        const raw = `${code.slice(0, 3)}${' '.repeat(spaces)}${code.slice(3)}`;
        expect(raw.length).toBeGreaterThan(POSTAL_CODE_INPUT_MAX_LENGTH);
        expect(parsePostalCode(raw).ok).toBe(false);
      }),
    );
  });

  it('rejects any string that is not six characters once normalised', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 7 }), (raw) => {
        fc.pre(normalizePostalCode(raw).length !== 6);
        expect(parsePostalCode(raw).ok).toBe(false);
      }),
    );
  });
});

describe('parsePostalCode: examples', () => {
  it.each(['K1A 0B1', 'k1a 0b1', 'K1a-0B1', 'k1a0b1', ' K1A0B1'])('accepts %j', (raw) => {
    expect(parsePostalCode(raw)).toMatchObject({ ok: true, code: 'K1A0B1', formatted: 'K1A 0B1' });
  });

  it.each(['', 'K1A', 'K1A 0B', 'K1A 0B1 ', 'K1A  0B1', '1KA 0B1', 'KKA 0B1', 'D1A 0B1', 'K1A 0B1X'])(
    'rejects %j',
    (raw) => {
      expect(isValidPostalCode(raw)).toBe(false);
    },
  );

  it('does not accept Unicode look-alikes that uppercase to ASCII letters', () => {
    // "ſ" (long s) uppercases to "S" with String#toUpperCase.
    expect(parsePostalCode('K1ſ 0B1').ok).toBe(false);
    expect(parsePostalCode('K1A 0B１').ok).toBe(false); // full-width digit
  });
});

describe('provinceOf', () => {
  const cases: [string, ProvinceCode][] = [
    ['A1A1A1', 'NL'],
    ['B3H1A1', 'NS'],
    ['C1A1A1', 'PE'],
    ['E1C1A1', 'NB'],
    ['G1R1A1', 'QC'],
    ['H2X1A1', 'QC'],
    ['J8Y1A1', 'QC'],
    ['K1A0B1', 'ON'],
    ['L5B1A1', 'ON'],
    ['M5V3L9', 'ON'],
    ['N6A1A1', 'ON'],
    ['P3A1A1', 'ON'],
    ['R3C4T3', 'MB'],
    ['S4P1A1', 'SK'],
    ['T2P1A1', 'AB'],
    ['V6B1A1', 'BC'],
    ['X0A1H0', 'NU'],
    ['X0B1A0', 'NU'],
    ['X0C1A0', 'NU'],
    ['X1A2P8', 'NT'],
    ['X0E1A0', 'NT'],
    ['Y1A1A1', 'YT'],
  ];
  it.each(cases)('%s is in %s', (code, province) => {
    expect(provinceOf(code)).toBe(province);
  });

  it('covers every allowed first letter', () => {
    const covered = new Set(cases.map(([code]) => code[0]));
    expect([...FIRST_LETTERS].filter((l) => !covered.has(l))).toEqual([]);
  });

  it('knows the serviceable provinces', () => {
    expect(isServiceable('ON')).toBe(true);
    expect(isServiceable('QC')).toBe(true);
    expect(isServiceable('MB')).toBe(false);
    expect(isServiceable('MB', ['MB'])).toBe(true);
  });
});

describe('placeOf', () => {
  const place = (raw: string) => {
    const parsed = parsePostalCode(raw);
    if (!parsed.ok) throw new Error(`invalid test code ${raw}`);
    return placeOf(parsed.code);
  };

  it('names the city of large urban FSAs', () => {
    expect(place('M5V 3L9')).toEqual({ city: 'Toronto', province: 'ON' });
    expect(place('R3C 4T3')).toEqual({ city: 'Winnipeg', province: 'MB' });
    expect(place('T2P 1J9')).toEqual({ city: 'Calgary', province: 'AB' });
    expect(place('H2X 1Y4')).toEqual({ city: 'Montréal', province: 'QC' });
    expect(place('V6B 1A1')).toEqual({ city: 'Vancouver', province: 'BC' });
  });

  it('falls back to the postal region for rural FSAs', () => {
    expect(place('K0A 1A0')).toEqual({ city: 'Eastern Ontario', province: 'ON' });
  });

  it('always returns a non-empty place for every valid code', () => {
    fc.assert(
      fc.property(validCode, (code) => {
        const result = placeOf(code);
        expect(result.city.length).toBeGreaterThan(0);
        expect(result.province).toBe(provinceOf(code));
      }),
    );
  });
});
