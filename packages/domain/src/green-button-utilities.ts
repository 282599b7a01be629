import type { ProvinceCode } from './postal-code';

/**
 * The utilities whose Green Button download the portal explains (issue 30), and whether each
 * offers one. What each utility's own pages say, with their addresses, is in
 * docs/green-button.md#where-members-find-the-file.
 */
export const GREEN_BUTTON_UTILITIES = [
  { id: 'hydroOne', province: 'ON', offersGreenButton: true },
  { id: 'torontoHydro', province: 'ON', offersGreenButton: true },
  { id: 'alectra', province: 'ON', offersGreenButton: true },
  { id: 'hydroOttawa', province: 'ON', offersGreenButton: true },
  { id: 'bcHydro', province: 'BC', offersGreenButton: true },
  { id: 'hydroQuebec', province: 'QC', offersGreenButton: false },
] as const satisfies readonly { id: string; province: ProvinceCode; offersGreenButton: boolean }[];

export type GreenButtonUtilityId = (typeof GREEN_BUTTON_UTILITIES)[number]['id'];

export function isGreenButtonUtilityId(value: string): value is GreenButtonUtilityId {
  return GREEN_BUTTON_UTILITIES.some((u) => u.id === value);
}

/** The listed utilities of a province, in the list's order; none for a province we list none in (Alberta). */
export function utilitiesIn(province: ProvinceCode): GreenButtonUtilityId[] {
  return GREEN_BUTTON_UTILITIES.filter((u) => u.province === province).map((u) => u.id);
}

/**
 * The utility to show first for a home in this province: the only one listed there, or none when
 * there are several to choose from (Ontario's four) or none at all.
 */
export function defaultUtility(province: ProvinceCode): GreenButtonUtilityId | null {
  const listed = utilitiesIn(province);
  return listed.length === 1 ? listed[0]! : null;
}
