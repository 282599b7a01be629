import type { PostalCheckResult } from '@peakwise/contracts/postal.contract';

export type PostalLookup = { kind: 'result'; result: PostalCheckResult } | { kind: 'invalid' } | { kind: 'failed' };

function isInvalidPostalCodeBody(body: unknown) {
  if (!body || typeof body !== 'object' || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  return Boolean(error && typeof error === 'object' && (error as { code?: unknown }).code === 'invalid_postal_code');
}

/**
 * GET /api/postal-codes/{code}. Never rejects: a network error, another status or a body that does
 * not match the contract all become "failed" ("Unable to verify this postal code", docs/product/messages.md#postal-code-checker).
 */
export async function checkPostalCode(code: string, signal?: AbortSignal): Promise<PostalLookup> {
  try {
    const response = await fetch(`/api/postal-codes/${encodeURIComponent(code)}`, {
      headers: { Accept: 'application/json' },
      signal,
    });
    const body: unknown = await response.json().catch(() => undefined);
    if (response.status === 400 && isInvalidPostalCodeBody(body)) return { kind: 'invalid' };
    if (!response.ok) return { kind: 'failed' };
    // The schema (and zod with it) is fetched with the first answer, not with the page.
    const { postalCheckResultSchema } = await import('@peakwise/contracts/postal.contract');
    const parsed = postalCheckResultSchema.safeParse(body);
    return parsed.success ? { kind: 'result', result: parsed.data } : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}
