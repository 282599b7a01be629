import { createHmac } from 'node:crypto';

/**
 * The signature of a delivery: `v1=` and the hex HMAC-SHA256, keyed with the endpoint's secret,
 * of the timestamp (Unix seconds), a dot and the body exactly as sent. Binding the timestamp in
 * lets a receiver refuse an old message replayed with its valid signature (docs/member-api.md).
 */
export function signWebhook(secret: string, timestampSeconds: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestampSeconds}.${body}`, 'utf8').digest('hex')}`;
}
