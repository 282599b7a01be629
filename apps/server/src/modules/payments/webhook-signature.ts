import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The sandbox processor's webhook signature (decision 048), shaped like the big processors':
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. The timestamp is signed, so an old
 * delivery cannot be re-dated; a replay within the tolerance is harmless because a payment's
 * status only moves forward.
 */
export const SIGNATURE_HEADER = 'peakwise-sandbox-signature';
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('hex');

export function signPayload(secret: string, body: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${hmac(secret, `${t}.${body}`)}`;
}

export function verifySignature(secret: string, body: string, header: string | undefined, now: Date): boolean {
  if (!header) return false;
  const parts = new Map(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(now.getTime() / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(hmac(secret, `${t}.${body}`));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
