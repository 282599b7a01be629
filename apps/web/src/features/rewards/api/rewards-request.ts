import { fieldDetailsOf, readServerError } from '@/lib/server-error';
import { RedeemError } from './use-redeem';

function duplicatesOf(body: unknown): string[] {
  const error = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  const details = error && typeof error === 'object' ? (error as { details?: unknown }).details : undefined;
  const codes = details && typeof details === 'object' && !Array.isArray(details) ? (details as { codes?: unknown }).codes : undefined;
  return Array.isArray(codes) ? codes.filter((c): c is string => typeof c === 'string') : [];
}

/**
 * A console request: JSON by default, or raw bytes (an image) with their own type. Anything but
 * 2xx becomes a RedeemError carrying the server's sentences, so the page can show them.
 */
export async function rewardsRequest(method: 'POST' | 'PATCH' | 'PUT', path: string, payload?: unknown, raw?: { body: Blob; type: string }): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers: raw ? { 'Content-Type': raw.type, Accept: 'application/json' } : { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: raw ? raw.body : JSON.stringify(payload ?? {}),
    });
  } catch (thrown) {
    throw new RedeemError(0, 'network_error', thrown instanceof Error ? thrown.message : undefined, []);
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // An empty 204 or a proxy page: the status says enough.
  }
  if (!response.ok) {
    const { code, message } = readServerError(body);
    throw new RedeemError(response.status, code, message, fieldDetailsOf(body), duplicatesOf(body));
  }
  return body;
}
