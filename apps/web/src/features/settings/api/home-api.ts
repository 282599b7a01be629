import type { CanadianTimeZone } from '@peakwise/contracts/account.contract';
import type { Home, HouseholdBattery } from '@peakwise/contracts/household-home.contract';
import { apiJson } from '@/lib/api-request';

/** Where the home is (decision 057). Both answer the body or throw ApiRequestError. */
export const getHome = () => apiJson<Home>('GET', '/api/household/home');

export const saveHome = (input: { postalCode: string; timeZone: CanadianTimeZone }) => apiJson<Home>('PUT', '/api/household/home', input);

/** Whether the home has a battery (decision 138): its own route, so no postal code is needed to say so. */
export const saveBattery = (hasBattery: boolean) => apiJson<HouseholdBattery>('PUT', '/api/household/battery', { hasBattery });
