import { apiErrorSchema } from '@peakwise/contracts/api-error.contract';
import { memberHeaders } from './offline-data';
import { isOfflineMiss, noteAnswer, noteMiss, screenPath } from './offline-status';
import { useSession } from './session';

/** A failed /api call: the HTTP status (0 = no answer), the server's stable code and its English message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The part of a zod schema we use (typed structurally: the web app takes zod only through contracts). */
export type Schema<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false } };

async function errorFrom(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) return new ApiError(response.status, parsed.data.error.code, parsed.data.error.message);
  return new ApiError(response.status, 'http_error', `Request failed with status ${response.status}`);
}

/**
 * GET (by default) a JSON resource with the session cookie and parse it with the contract's schema,
 * so a server that drifts from the contract fails loudly here rather than as NaN on a screen.
 */
export async function apiGet<T>(path: string, schema: Schema<T>, init: RequestInit = {}): Promise<T> {
  const screen = screenPath();
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'include', headers: { Accept: 'application/json', ...memberHeaders() }, ...init });
  } catch (cause) {
    noteMiss(screen);
    throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : 'Network error');
  }
  // Offline with nothing saved for this read (docs/decisions/061-installable-offline-app.md).
  if (isOfflineMiss(response.headers)) {
    noteMiss(screen);
    throw new ApiError(0, 'offline', 'Offline, and nothing saved on this device for this screen');
  }
  noteAnswer(response.headers, screen);
  if (!response.ok) throw await errorFrom(response);
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(response.status, 'invalid_response', `Unexpected response from ${path}`);
  return parsed.data;
}

/** react-query retry policy: a 4xx (or a response that broke the contract) won't change on retry. */
export function retryTransient(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && ((error.status >= 400 && error.status < 500) || error.code === 'invalid_response')) {
    return false;
  }
  return failureCount < 1;
}

/**
 * The signed-in user's id, put into every feature's query keys so one member's cached numbers can
 * never show for the next member who signs in on the same tab.
 */
export function useQueryScope(): string {
  const session = useSession();
  return session.status === 'signed-in' ? session.user.id : 'anonymous';
}
