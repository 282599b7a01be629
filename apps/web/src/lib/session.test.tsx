import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from './session';

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function mockFetch(response: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async () => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('useSession', () => {
  it('is loading first, then signed in with the user from the body', async () => {
    const fetchMock = mockFetch(() =>
      Response.json({ user: { id: 'u1', name: 'Alex', email: 'alex@example.ca', extra: 1 }, session: {} }),
    );
    const { result } = renderHook(() => useSession(), { wrapper });
    expect(result.current).toEqual({ status: 'loading' });
    await waitFor(() =>
      expect(result.current).toEqual({ status: 'signed-in', user: { id: 'u1', name: 'Alex', email: 'alex@example.ca' } }),
    );
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/get-session', { credentials: 'include' });
  });

  it('is signed out when the body is null', async () => {
    mockFetch(() => Response.json(null));
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current).toEqual({ status: 'signed-out' }));
  });

  it.each([401, 404])('is signed out on %i without retrying', async (status) => {
    const fetchMock = mockFetch(() => new Response(null, { status }));
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current).toEqual({ status: 'signed-out' }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is signed out when the request fails', async () => {
    mockFetch(() => Promise.reject(new TypeError('Network down')));
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current).toEqual({ status: 'signed-out' }));
  });

  it('is signed out on a server error', async () => {
    mockFetch(() => new Response('oops', { status: 500 }));
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current).toEqual({ status: 'signed-out' }));
  });
});
