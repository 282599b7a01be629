import { publicConfigSchema, type PublicConfig } from '@peakwise/contracts/public-config.contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet, retryTransient } from '@/lib/api-client';

/**
 * GET /api/public-config, asked once a control that needs it renders (the login panel, Help),
 * never before a public page's first paint (decision 070); it does not change while the server
 * runs. Not known yet or unreachable reads as nothing offered.
 */
export const publicConfigQuery = { queryKey: ['public-config'], queryFn: () => apiGet('/api/public-config', publicConfigSchema), retry: retryTransient, staleTime: Infinity } as const;

function usePublicConfig<T>(select: (config: PublicConfig) => T) {
  return useQuery({ ...publicConfigQuery, select });
}

/** Whether this server offers the shared demo (decision 082). */
export const useDemoOffered = () => usePublicConfig((config) => config.demoAccount);

/** The configured support line, or null: Help shows a phone only when the server names one. */
export const useSupportPhone = (): string | null => usePublicConfig((config) => config.supportPhone).data ?? null;
