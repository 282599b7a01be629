export type ServerError = { code?: string; message?: string };

function pick(value: unknown): ServerError {
  if (!value || typeof value !== 'object') return {};
  const record = value as Record<string, unknown>;
  return {
    code: typeof record.code === 'string' ? record.code : undefined,
    message: typeof record.message === 'string' && record.message.trim() ? record.message : undefined,
  };
}

/**
 * Reads the code and message out of an error body. Accepts our API's `{ error: { code, message } }`
 * and the auth library's flat `{ code, message }`, so the UI does not care which layer answered.
 */
export function readServerError(body: unknown): ServerError {
  if (body && typeof body === 'object' && 'error' in body) {
    const nested = pick((body as { error: unknown }).error);
    if (nested.code || nested.message) return nested;
  }
  return pick(body);
}
