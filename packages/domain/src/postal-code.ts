/**
 * Canadian postal codes (docs/product/domain-rules.md#postal-codes).
 * Raw input is at most 7 characters: "A1A 1A1", "A1A-1A1" or "A1A1A1", any case.
 */

export const POSTAL_CODE_INPUT_MAX_LENGTH = 7;

export type ProvinceCode =
  | 'NL' | 'NS' | 'PE' | 'NB' | 'QC' | 'ON' | 'MB' | 'SK' | 'AB' | 'BC' | 'NT' | 'NU' | 'YT';

export const DEFAULT_SERVICEABLE_PROVINCES: readonly ProvinceCode[] = ['ON', 'BC', 'AB', 'QC'];

// D F I O Q U never appear; W and Z never start a code.
const PATTERN = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$/;

/** Uppercase and drop every character that is not a letter or digit. */
export function normalizePostalCode(raw: string): string {
  // Only ASCII letters are uppercased: String#toUpperCase maps look-alikes such as the long s
  // "ſ" to "S" (and "ß" to "SS"), which would let a non-Latin spelling pass as a valid code.
  return raw.replace(/[a-z]/g, (c) => c.toUpperCase()).replace(/[^A-Z0-9]/g, '');
}

export type PostalCodeParse =
  | { ok: true; code: string; formatted: string; fsa: string }
  | { ok: false };

export function parsePostalCode(raw: string): PostalCodeParse {
  if (raw.length > POSTAL_CODE_INPUT_MAX_LENGTH) return { ok: false };
  // Normalise first, then match; the separator between the halves is gone by then.
  const code = normalizePostalCode(raw);
  if (!PATTERN.test(code)) return { ok: false };
  return { ok: true, code, formatted: `${code.slice(0, 3)} ${code.slice(3)}`, fsa: code.slice(0, 3) };
}

export function isValidPostalCode(raw: string): boolean {
  return parsePostalCode(raw).ok;
}

const PROVINCE_BY_LETTER: Record<string, ProvinceCode> = {
  A: 'NL', B: 'NS', C: 'PE', E: 'NB', G: 'QC', H: 'QC', J: 'QC',
  K: 'ON', L: 'ON', M: 'ON', N: 'ON', P: 'ON', R: 'MB', S: 'SK', T: 'AB', V: 'BC', Y: 'YT',
};

// X is shared by the territories: Nunavut's FSAs are X0A, X0B and X0C; the rest are NWT.
const NUNAVUT_FSAS = new Set(['X0A', 'X0B', 'X0C']);

/** Province or territory of a normalised, valid code. */
export function provinceOf(code: string): ProvinceCode {
  const first = code[0] ?? '';
  if (first === 'X') return NUNAVUT_FSAS.has(code.slice(0, 3)) ? 'NU' : 'NT';
  const province = PROVINCE_BY_LETTER[first];
  if (!province) throw new Error(`No province for postal code ${code}`);
  return province;
}

export function isServiceable(province: ProvinceCode, serviceable: readonly ProvinceCode[] = DEFAULT_SERVICEABLE_PROVINCES) {
  return serviceable.includes(province);
}
