import type { CanadianTimeZone } from '@peakwise/contracts/account.contract';
import type { Home } from '@peakwise/contracts/household-home.contract';
import { apiJson } from '@/lib/api-request';

/** Where the home is (decision 057). Both answer the body or throw ApiRequestError. */
export const getHome = () => apiJson<Home>('GET', '/api/household/home');

export const saveHome = (input: { postalCode: string; timeZone: CanadianTimeZone }) => apiJson<Home>('PUT', '/api/household/home', input);
