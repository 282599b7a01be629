import { useQuery } from '@tanstack/react-query';
import type { Home } from '@peakwise/contracts/household-home.contract';
import type { ProvinceCode } from '@peakwise/domain/postal-code';
import { apiJson } from './api-request';

/** The key Settings → Your home reads the home under, so both share one answer and its updates. */
const HOME_KEY = ['settings', 'home'] as const;

/** The member's home province (decision 057), once known. */
export function useHomeProvince(): ProvinceCode | undefined {
  return useQuery({ queryKey: HOME_KEY, queryFn: () => apiJson<Home>('GET', '/api/household/home'), select: (home) => home.province }).data;
}
