export type RedeemDetail = { path: string; message: string };

/** The `details` of a validation refusal: each field's own sentence. */
export function detailsOf(body: unknown): RedeemDetail[] {
  const error = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  const details = error && typeof error === 'object' ? (error as { details?: unknown }).details : undefined;
  if (!Array.isArray(details)) return [];
  return details.flatMap((d: unknown) => {
    if (!d || typeof d !== 'object') return [];
    const { path, message } = d as Record<string, unknown>;
    return typeof message === 'string' ? [{ path: typeof path === 'string' ? path : '', message }] : [];
  });
}
