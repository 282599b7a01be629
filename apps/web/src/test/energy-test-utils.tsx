import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';

export type FetchRoute = (url: string, init?: RequestInit) => Promise<Response> | Response;

export const sessionBody = {
  user: { id: 'u1', name: 'Alex Tremblay', email: 'alex@example.ca', twoFactorEnabled: false },
  session: { expiresAt: '2099-01-01T00:00:00.000Z' },
};

/**
 * Renders an energy page with a fresh query client and a fetch that answers the session itself
 * (so tests never depend on the session cache's shape) and hands every other URL to `route`.
 */
export function renderWithApi(ui: ReactElement, route: FetchRoute, path = '/app') {
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/api/auth/get-session')) return Response.json(sessionBody);
    return route(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0, staleTime: Number.POSITIVE_INFINITY } } });
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, fetchMock, client };
}

/** Intl puts narrow and no-break spaces in numbers; compare with plain spaces. */
export const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');
