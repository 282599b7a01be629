import { useQuery } from '@tanstack/react-query';

export type SessionUser = { id: string; name: string; email: string };

export type Session =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: SessionUser };

export const sessionQueryKey = ['session'] as const;

class SessionRequestError extends Error {
  constructor(readonly status: number) {
    super(`Session request failed with status ${status}`);
  }
}

function toUser(body: unknown): SessionUser | null {
  if (!body || typeof body !== 'object' || !('user' in body)) return null;
  const user = (body as { user: unknown }).user;
  if (!user || typeof user !== 'object') return null;
  const { id, name, email } = user as Record<string, unknown>;
  if (typeof id !== 'string') return null;
  return { id, name: typeof name === 'string' ? name : '', email: typeof email === 'string' ? email : '' };
}

/** The signed-in user, or null when nobody is signed in (401/404 or an empty body). */
export async function fetchSession(): Promise<SessionUser | null> {
  const response = await fetch('/api/auth/get-session', { credentials: 'include' });
  if (response.status === 401 || response.status === 404) return null;
  if (!response.ok) throw new SessionRequestError(response.status);
  const body: unknown = await response.json().catch(() => null);
  return toUser(body);
}

// A 4xx answer will not change on retry; a network blip or 5xx gets one more try.
function retryOnce(failureCount: number, error: unknown) {
  if (error instanceof SessionRequestError && error.status < 500) return false;
  return failureCount < 1;
}

export function useSession(): Session {
  const query = useQuery({ queryKey: sessionQueryKey, queryFn: fetchSession, retry: retryOnce });
  if (query.isPending) return { status: 'loading' };
  if (query.isError || !query.data) return { status: 'signed-out' };
  return { status: 'signed-in', user: query.data };
}
