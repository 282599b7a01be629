import { memberHeaders } from './offline-data';
import { isOfflineMiss, noteAnswer, noteMiss, screenPath } from './offline-status';
import { readServerError, type ServerError } from './server-error';

/** What came back: the status, the parsed JSON body (null when empty or not JSON) and headers. */
export type ApiResponse = { status: number; ok: boolean; body: unknown; headers: Headers };

/** A JSON request to our API with the session cookie. Network failures are thrown as-is. */
export async function apiRequest(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, payload?: unknown): Promise<ApiResponse> {
  const accept = method === 'GET' ? { Accept: 'application/json', ...memberHeaders() } : { Accept: 'application/json' };
  const screen = screenPath();
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers: payload === undefined ? accept : { 'Content-Type': 'application/json', ...accept },
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    });
  } catch (error) {
    if (method === 'GET') noteMiss(screen);
    throw error;
  }
  // Reads may come from the member's saved data while offline (docs/decisions/061-installable-offline-app.md).
  if (method === 'GET') {
    if (isOfflineMiss(response.headers)) noteMiss(screen);
    else noteAnswer(response.headers, screen);
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // A proxy error page or an empty body: the status is all we have.
  }
  return { status: response.status, ok: response.ok, body, headers: response.headers };
}

/** A refused request, with what the server said; `status` 0 means the request never got an answer. */
export class ApiRequestError extends Error {
  readonly code: string | undefined;
  readonly serverMessage: string | undefined;
  constructor(
    readonly status: number,
    error: ServerError,
    readonly retryAfterSeconds?: number,
  ) {
    super(error.message ?? `Request failed with status ${status}`);
    this.code = error.code;
    this.serverMessage = error.message;
  }
}

/** Throws an ApiError for anything but 2xx; a thrown network error becomes status 0 with its message. */
export async function apiJson<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, payload?: unknown): Promise<T> {
  let response: ApiResponse;
  try {
    response = await apiRequest(method, path, payload);
  } catch (thrown) {
    throw new ApiRequestError(0, { message: thrown instanceof Error && thrown.message ? thrown.message : undefined });
  }
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiRequestError(response.status, readServerError(response.body), Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
  }
  return response.body as T;
}

/** The code and words of any thrown error, for useServerErrorText. */
export function serverErrorOf(error: unknown): ServerError {
  if (error instanceof ApiRequestError) return { code: error.code, message: error.serverMessage };
  return { message: error instanceof Error && error.message ? error.message : undefined };
}
