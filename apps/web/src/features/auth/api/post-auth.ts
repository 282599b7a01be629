/** What came back from an auth endpoint: the status and the body, parsed when it is JSON. */
export type AuthResponse = { status: number; ok: boolean; body: unknown };

/** POSTs JSON to the auth API with the session cookie. Network failures are thrown as-is. */
export async function postAuth(path: string, payload: unknown): Promise<AuthResponse> {
  const response = await fetch(`/api/auth/${path}`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(payload),
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // A proxy error page or an empty body: the status is all we have.
  }
  return { status: response.status, ok: response.ok, body };
}
