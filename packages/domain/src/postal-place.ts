import type { ProvinceCode } from './postal-code';
import { provinceOf } from './postal-code';

/**
 * Offline place lookup from a normalised, valid postal code: works with no network.
 * The forward sortation area (first three characters) names a city for the largest urban
 * areas; otherwise the first letter's postal region is used. A second character of 0 marks
 * a rural FSA.
 */
export type PostalPlace = { city: string; province: ProvinceCode };

const REGION_BY_LETTER: Record<string, string> = {
  A: 'Newfoundland and Labrador',
  B: 'Nova Scotia',
  C: 'Prince Edward Island',
  E: 'New Brunswick',
  G: 'Eastern Quebec',
  H: 'Montréal',
  J: 'Western Quebec',
  K: 'Eastern Ontario',
  L: 'Central Ontario',
  M: 'Toronto',
  N: 'Southwestern Ontario',
  P: 'Northern Ontario',
  R: 'Manitoba',
  S: 'Saskatchewan',
  T: 'Alberta',
  V: 'British Columbia',
  X: 'Northern Canada',
  Y: 'Yukon',
};

// Prefixes (first 2 or 3 characters) of well-known urban areas. Longest prefix wins.
const CITY_BY_PREFIX: Record<string, string> = {
  K1: 'Ottawa', K2: 'Ottawa', K7K: 'Kingston', K7L: 'Kingston', K7M: 'Kingston', K7P: 'Kingston',
  L5: 'Mississauga', L6: 'Brampton', L8: 'Hamilton', L9: 'Hamilton',
  N2: 'Kitchener-Waterloo', N5: 'London', N6: 'London', N8: 'Windsor', N9: 'Windsor',
  P3: 'Sudbury', P7: 'Thunder Bay',
  G1: 'Québec City', G2: 'Québec City', J1: 'Sherbrooke', J4: 'Longueuil', J8: 'Gatineau', J9: 'Gatineau',
  T1Y: 'Calgary', T2: 'Calgary', T3: 'Calgary', T5: 'Edmonton', T6: 'Edmonton',
  V5: 'Vancouver', V6: 'Vancouver', V3: 'Surrey', V8: 'Victoria', V9A: 'Victoria', V1Y: 'Kelowna',
  R2: 'Winnipeg', R3: 'Winnipeg', S4: 'Regina', S7: 'Saskatoon',
  B3: 'Halifax', E1: 'Moncton', A1: "St. John's", C1A: 'Charlottetown',
  X1A: 'Yellowknife', X0A: 'Iqaluit region', Y1A: 'Whitehorse',
};

// The one postal region that is a single city: every M code is in the City of Toronto.
const CITY_BY_LETTER: Record<string, string> = { M: 'Toronto' };

/**
 * The city of a normalised, valid code when the offline table knows one, else undefined: a form
 * may prefill a city from it, never a region's name ("Central Ontario" is no city on a label).
 */
export function cityOf(code: string): string | undefined {
  return CITY_BY_PREFIX[code.slice(0, 3)] ?? CITY_BY_PREFIX[code.slice(0, 2)] ?? CITY_BY_LETTER[code[0] ?? ''];
}

export function placeOf(code: string): PostalPlace {
  const province = provinceOf(code);
  const city = CITY_BY_PREFIX[code.slice(0, 3)] ?? CITY_BY_PREFIX[code.slice(0, 2)] ?? REGION_BY_LETTER[code[0] ?? ''];
  return { city: city ?? province, province };
}
