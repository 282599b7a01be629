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
