import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emitSessionEvent, onSessionEvent, type SessionEvent } from './session-events';
import { attemptSessionRenewal, clearSession, sessionQueryKey, useSession, useSessionKeeper } from './session';

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
      expect(result.current).toEqual({ status: 'signed-in', user: { id: 'u1', name: 'Alex', email: 'alex@example.ca', twoFactorEnabled: false, operator: false } }),
    );
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/get-session', { credentials: 'include' });
  });

  it('knows an operator by the session’s role', async () => {
    mockFetch(() => Response.json({ user: { id: 'u2', name: 'Ops', email: 'ops@example.ca', role: 'operator' }, session: {} }));
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'signed-in', user: { operator: true } }));
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

describe('attemptSessionRenewal', () => {
  it.each([
    [502, 'retryable'],
    [503, 'retryable'],
    [504, 'retryable'],
    [500, 'failed'],
    [401, 'signed-out'],
  ])('classifies %i as %s', async (status, kind) => {
    mockFetch(() => new Response(null, { status }));
    expect((await attemptSessionRenewal()).kind).toBe(kind);
  });

  it('is retryable when the network fails, and renewed with the new expiry', async () => {
    mockFetch(() => Promise.reject(new TypeError('offline')));
    expect(await attemptSessionRenewal()).toEqual({ kind: 'retryable' });
    mockFetch(() => Response.json({ user: { id: 'u1', name: 'A', email: 'a@b.ca', twoFactorEnabled: true }, session: { expiresAt: '2030-01-01T00:00:00.000Z' } }));
    expect(await attemptSessionRenewal()).toEqual({
      kind: 'renewed',
      value: { user: { id: 'u1', name: 'A', email: 'a@b.ca', twoFactorEnabled: true, operator: false }, expiresAt: Date.parse('2030-01-01T00:00:00.000Z') },
    });
  });
});

describe('useSessionKeeper', () => {
  function record() {
    const events: SessionEvent[] = [];
    const off = onSessionEvent((event) => events.push(event));
    return { events, off };
  }
  const body = (expiresAt: number) => ({ user: { id: 'u1', name: 'Alex', email: 'alex@example.ca' }, session: { expiresAt: new Date(expiresAt).toISOString() } });

  it('fires INITIAL_SESSION, then SIGNED_OUT when the session goes away', async () => {
    mockFetch(() => Response.json(body(Date.now() + 3_600_000)));
    const { events, off } = record();
    const client = new QueryClient();
    const { result } = renderHook(() => (useSessionKeeper(), useSession()), {
      wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
    await waitFor(() => expect(result.current.status).toBe('signed-in'));
    expect(events).toEqual(['INITIAL_SESSION']);
    act(() => clearSession(client));
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_OUT']);
    await waitFor(() => expect(result.current.status).toBe('signed-out'));
    off();
  });

  it('renews a session close to its end and fires TOKEN_REFRESHED', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const later = Date.now() + 7 * 24 * 3_600_000;
    const fetchMock = mockFetch(() => Response.json(body(fetchMock.mock.calls.length === 1 ? Date.now() + 60_000 : later)));
    const { events, off } = record();
    const client = new QueryClient();
    renderHook(() => useSessionKeeper(), {
      wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
    await waitFor(() => expect(events).toContain('TOKEN_REFRESHED'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(client.getQueryData<{ expiresAt: number }>(sessionQueryKey)?.expiresAt).toBe(later);
    off();
    vi.useRealTimers();
  });

  it('retries a renewal that meets a 503 after 200 ms, and signs out on a 401', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [Response.json(body(Date.now() + 30_000)), new Response(null, { status: 503 }), new Response(null, { status: 401 })];
    const fetchMock = mockFetch(() => answers.shift() ?? new Response(null, { status: 401 }));
    const { events, off } = record();
    const client = new QueryClient();
    renderHook(() => useSessionKeeper(), {
      wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
    await waitFor(() => expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_OUT']));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    off();
    vi.useRealTimers();
  });

  it('asks the server again when another tab signs out', async () => {
    const channels: { onmessage: ((e: MessageEvent) => void) | null; postMessage: (m: unknown) => void; close: () => void }[] = [];
    vi.stubGlobal(
      'BroadcastChannel',
      class {
        onmessage: ((e: MessageEvent) => void) | null = null;
        constructor() {
          channels.push(this);
        }
        postMessage() {}
        close() {}
      },
    );
    let signedIn = true;
    mockFetch(() => (signedIn ? Response.json(body(Date.now() + 3_600_000)) : Response.json(null)));
    const { events, off } = record();
    const client = new QueryClient();
    renderHook(() => useSessionKeeper(), {
      wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
    await waitFor(() => expect(events).toEqual(['INITIAL_SESSION']));
    signedIn = false;
    act(() => channels[0]!.onmessage?.(new MessageEvent('message', { data: 'SIGNED_OUT' })));
    await waitFor(() => expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_OUT']));
    off();
  });

  it('tells other tabs about its own sign-in and sign-out', () => {
    const posted: unknown[] = [];
    vi.stubGlobal(
      'BroadcastChannel',
      class {
        onmessage = null;
        postMessage(message: unknown) {
          posted.push(message);
        }
        close() {}
      },
    );
    mockFetch(() => new Promise(() => {}));
    const { unmount } = renderHook(() => useSessionKeeper(), { wrapper });
    emitSessionEvent('SIGNED_OUT', null);
    emitSessionEvent('TOKEN_REFRESHED', null);
    expect(posted).toEqual(['SIGNED_OUT']);
    unmount();
  });
});
