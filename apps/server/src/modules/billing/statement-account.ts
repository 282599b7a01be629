import { accountNumber } from '@peakwise/domain/billing-account';
import { placeOf } from '@peakwise/domain/postal-place';
import type { Household } from '../households/household.repository';

/** Who and what a statement bills, as a Canadian bill prints it above the charges. */
export type StatementAccount = {
  holder: string;
  /** The home's name, then city, province and postal code (Peakwise keeps no street line). */
  serviceAddress: string;
  accountNumber: string;
  /** The household meter: its readings arrive under the household's id (docs/ingestion.md). */
  meterId: string;
};

const spaced = (postalCode: string) => {
  const compact = postalCode.replace(/\s+/g, '').toUpperCase();
  return compact.length === 6 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : compact;
};

export function statementAccount(household: Pick<Household, 'id' | 'name' | 'postalCode' | 'province'>, holder: string): StatementAccount {
  const place = household.postalCode ? `${placeOf(spaced(household.postalCode).replace(' ', '')).city}, ${household.province} ${spaced(household.postalCode)}` : household.province;
  return { holder, serviceAddress: `${household.name}, ${place}`, accountNumber: accountNumber(household.id), meterId: household.id };
}
