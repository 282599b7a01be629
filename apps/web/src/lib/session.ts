import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { offlineMember, syncOfflineData } from './offline-data';
import { emitSessionEvent, onSessionEvent, sessionTransition } from './session-events';
import { renewWithRetry, startRenewalTicker, isRetryableStatus, type RenewAttempt } from './session-renewal';

/** `operator` is the session's role (the portal links the console for operators); unknown offline. */
export type SessionUser = { id: string; name: string; email: string; twoFactorEnabled: boolean; operator?: boolean };

/** What the session query holds: the member and when their session ends (ms since epoch). */
export type SessionSnapshot = { user: SessionUser; expiresAt: number | null };

export type Session =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: SessionUser };

export const sessionQueryKey = ['session'] as const;

const SESSION_URL = '/api/auth/get-session';

class SessionRequestError extends Error {
  constructor(readonly status: number) {
    super(`Session request failed with status ${status}`);
  }
}

function toSnapshot(body: unknown): SessionSnapshot | null {
  if (!body || typeof body !== 'object' || !('user' in body)) return null;
  const { user, session } = body as { user: unknown; session?: unknown };
  if (!user || typeof user !== 'object') return null;
  const { id, name, email, twoFactorEnabled, role } = user as Record<string, unknown>;
  if (typeof id !== 'string') return null;
  const rawExpiry = session && typeof session === 'object' ? (session as { expiresAt?: unknown }).expiresAt : undefined;
  const expiresAt = typeof rawExpiry === 'string' || typeof rawExpiry === 'number' ? new Date(rawExpiry).getTime() : NaN;
  return {
    user: {
      id,
      name: typeof name === 'string' ? name : '',
      email: typeof email === 'string' ? email : '',
      twoFactorEnabled: twoFactorEnabled === true,
      operator: role === 'operator',
    },
    expiresAt: Number.isFinite(expiresAt) ? expiresAt : null,
  };
}

/** The signed-in member's session, or null when nobody is signed in (401/404 or an empty body). */
export async function fetchSession(): Promise<SessionSnapshot | null> {
  let response: Response;
  try {
    response = await fetch(SESSION_URL, { credentials: 'include' });
  } catch (error) {
    // No network: the portal opens as the member whose saved data this device holds (the worker
    // never keeps a session answer; docs/decisions/061-installable-offline-app.md). Online again,
    // the session is asked for afresh.
    const member = await offlineMember();
    if (member) return { user: member, expiresAt: null };
    throw error;
  }
  if (response.status === 401 || response.status === 404) {
    const clearing = syncOfflineData(null);
    if (clearing) await clearing;
    return null;
  }
  if (!response.ok) throw new SessionRequestError(response.status);
  const body: unknown = await response.json().catch(() => null);
  const snapshot = toSnapshot(body);
  // Before any screen asks for data: the worker saves answers only into this member's own cache,
  // and a signed-out browser keeps none (docs/decisions/061-installable-offline-app.md).
  const saving = syncOfflineData(snapshot?.user ?? null);
  if (saving) await saving;
  return snapshot;
}

/** One renewal try, classified for the retry policy (lib/session-renewal.ts). */
export async function attemptSessionRenewal(): Promise<RenewAttempt<SessionSnapshot>> {
  let response: Response;
  try {
    response = await fetch(SESSION_URL, { credentials: 'include' });
  } catch {
    return { kind: 'retryable' };
  }
  if (response.status === 401 || response.status === 404) return { kind: 'signed-out' };
  if (isRetryableStatus(response.status)) return { kind: 'retryable' };
  if (!response.ok) return { kind: 'failed' };
  const snapshot = toSnapshot(await response.json().catch(() => null));
  return snapshot ? { kind: 'renewed', value: snapshot } : { kind: 'signed-out' };
}

// A 4xx answer will not change on retry; a network blip or 5xx gets one more try.
function retryOnce(failureCount: number, error: unknown) {
  if (error instanceof SessionRequestError && error.status < 500) return false;
  return failureCount < 1;
}

const sessionQuery = { queryKey: sessionQueryKey, queryFn: fetchSession, retry: retryOnce } as const;

export function useSession(): Session {
  const query = useQuery(sessionQuery);
  if (query.isPending) return { status: 'loading' };
  if (query.isError || !query.data) return { status: 'signed-out' };
  return { status: 'signed-in', user: query.data.user };
}

/** The member as the cache knows them: undefined until the first answer, null when signed out. */
function knownUser(queryClient: QueryClient): SessionUser | null | undefined {
  const state = queryClient.getQueryState<SessionSnapshot | null>(sessionQueryKey);
  if (!state || state.status === 'pending') return undefined;
  if (state.status === 'error') return null;
  return state.data?.user ?? null;
}

/**
 * Asks the server again (after a sign-in, sign-up or 2FA step), even if nobody watches the query,
 * and resolves with the answer. A fetch already under way is cancelled: it may predate the change.
 */
export async function refreshSession(queryClient: QueryClient): Promise<SessionSnapshot | null> {
  await queryClient.cancelQueries({ queryKey: sessionQueryKey });
  try {
    return await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
  } catch {
    return null;
  }
}

/** After the member changed their profile, email or security settings: refetch and say so. */
export async function notifyUserUpdated(queryClient: QueryClient) {
  await refreshSession(queryClient);
  const user = knownUser(queryClient);
  if (user) emitSessionEvent('USER_UPDATED', user);
}

/** Forgets the session locally (after deleting the account or a server-side sign-out). */
export function clearSession(queryClient: QueryClient) {
  queryClient.setQueryData(sessionQueryKey, null);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function renewSession(queryClient: QueryClient) {
  const before = queryClient.getQueryData<SessionSnapshot | null>(sessionQueryKey);
  if (!before) return;
  const outcome = await renewWithRetry(attemptSessionRenewal, sleep);
  if (outcome.kind === 'renewed') {
    queryClient.setQueryData(sessionQueryKey, outcome.value);
    if (outcome.value.user.id === before.user.id && outcome.value.expiresAt !== before.expiresAt) {
      emitSessionEvent('TOKEN_REFRESHED', outcome.value.user);
    }
    return;
  }
  // Gateway trouble that outlived the retries: keep the session while it is still valid and try
  // again on a later tick; once it has run out, the member is signed out.
  if (outcome.kind === 'retryable' && (before.expiresAt === null || before.expiresAt > Date.now())) return;
  queryClient.setQueryData(sessionQueryKey, null);
}

const CHANNEL_NAME = 'peakwise.session';

/**
 * Mounted once at the root of the app: loads the session on every page, fires the session events,
 * renews the session before it runs out, and notices a sign-in or sign-out in another tab (and a
 * revocation by the server when the window regains focus).
 */
export function useSessionKeeper() {
  const queryClient = useQueryClient();
  const query = useQuery({ ...sessionQuery, refetchOnWindowFocus: true });
  const signedIn = Boolean(query.data);

  // Turn changes of the cached session into events.
  useEffect(() => {
    let known: SessionUser | null | undefined;
    const check = () => {
      const next = knownUser(queryClient);
      for (const event of sessionTransition(known, next)) emitSessionEvent(event, event === 'SIGNED_OUT' ? null : (next ?? null));
      if (next !== undefined) known = next;
    };
    check();
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.query.queryKey[0] === sessionQueryKey[0]) check();
    });
  }, [queryClient]);

  // Renew while signed in.
  useEffect(() => {
    if (!signedIn) return;
    return startRenewalTicker({
      getExpiresAt: () => queryClient.getQueryData<SessionSnapshot | null>(sessionQueryKey)?.expiresAt ?? null,
      renew: () => renewSession(queryClient),
    });
  }, [queryClient, signedIn]);

  // Other tabs: they tell us when they sign in or out, and we ask the server what that means here.
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CHANNEL_NAME);
    channel.onmessage = () => void refreshSession(queryClient);
    const off = onSessionEvent((event) => {
      if (event === 'SIGNED_IN' || event === 'SIGNED_OUT' || event === 'USER_UPDATED') channel.postMessage(event);
    });
    return () => {
      off();
      channel.close();
    };
  }, [queryClient]);
}
