import type { ProvinceCode } from './postal-code';

/** Where most of a province lives; the member can change it in Settings. */
export const TIME_ZONE_BY_PROVINCE: Partial<Record<ProvinceCode, string>> = {
  BC: 'America/Vancouver',
  AB: 'America/Edmonton',
  SK: 'America/Regina',
  MB: 'America/Winnipeg',
  ON: 'America/Toronto',
  QC: 'America/Toronto',
  NB: 'America/Moncton',
  NS: 'America/Halifax',
  PE: 'America/Halifax',
  NL: 'America/St_Johns',
  YT: 'America/Whitehorse',
  NT: 'America/Yellowknife',
  NU: 'America/Iqaluit',
};

/** A new household's time zone when the member has not chosen one: its province's, else Toronto's. */
export function provinceTimeZone(province: ProvinceCode): string {
  return TIME_ZONE_BY_PROVINCE[province] ?? 'America/Toronto';
}

/**
 * The zones a home in this province can be in, its usual one first. Only zones the Settings
 * list offers: a province that keeps standard time all year (Saskatchewan, Yukon) gets the
 * nearest ones, and is not served today anyway (decision 057).
 */
export const TIME_ZONE_CHOICES_BY_PROVINCE: Record<ProvinceCode, readonly string[]> = {
  BC: ['America/Vancouver', 'America/Edmonton'],
  AB: ['America/Edmonton'],
  SK: ['America/Winnipeg', 'America/Edmonton'],
  MB: ['America/Winnipeg'],
  ON: ['America/Toronto', 'America/Winnipeg'],
  QC: ['America/Toronto', 'America/Halifax'],
  NB: ['America/Halifax'],
  NS: ['America/Halifax'],
  PE: ['America/Halifax'],
  NL: ['America/St_Johns', 'America/Halifax'],
  YT: ['America/Vancouver', 'America/Edmonton'],
  NT: ['America/Edmonton'],
  NU: ['America/Toronto', 'America/Winnipeg', 'America/Edmonton'],
};

export function timeZoneChoicesOf(province: ProvinceCode): readonly string[] {
  return TIME_ZONE_CHOICES_BY_PROVINCE[province];
}
