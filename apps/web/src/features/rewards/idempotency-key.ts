/**
 * A fresh key for one confirmation. getRandomValues works on plain-http origins too, where
 * crypto.randomUUID does not exist; 16 random bytes in hex fit the server's key pattern.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `redeem-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
