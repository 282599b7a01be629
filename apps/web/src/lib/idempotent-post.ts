/** What the server answered: its status and its body read as JSON (null when it was not JSON). */
export type PostAnswer = { status: number; ok: boolean; body: unknown };

/**
 * POSTs `input` under the Idempotency-Key the form made for this one action, so a second click or
 * a retry after a lost answer gets the first action's answer and does nothing twice. Null when no
 * answer came back (the network failed); each caller says that in its own words.
 */
export async function postIdempotent(path: string, key: string, input: unknown): Promise<PostAnswer | null> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(input),
    });
  } catch {
    return null;
  }
  const body: unknown = await response.json().catch(() => null);
  return { status: response.status, ok: response.ok, body };
}
