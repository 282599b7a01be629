import { isIP } from 'node:net';
import type { Context } from 'hono';

/** Set by us on requests handed to better-auth, after any incoming copy is deleted. */
export const CLIENT_IP_HEADER = 'x-peakwise-client-ip';

// In-process requests (tests, app.request) have no socket; they count as the local machine.
const NO_PEER = '127.0.0.1';

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };

/** "::ffff:192.0.2.1" is how Node reports an IPv4 peer on a dual-stack socket. */
function unmap(address: string): string {
  const lower = address.toLowerCase();
  return lower.startsWith('::ffff:') && isIP(lower.slice(7)) === 4 ? lower.slice(7) : lower;
}

/**
 * The client's address for rate limiting and the sessions list. By default the TCP peer: a
 * forged X-Forwarded-For changes nothing. Behind a reverse proxy (TRUST_PROXY=true) the
 * right-most X-Forwarded-For hop, the one our proxy appended; hops further left are whatever
 * the client sent and are never trusted.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  const peer = (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress;
  if (trustProxy) {
    const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map((hop) => hop.trim()).filter(Boolean);
    const last = hops.at(-1);
    if (last && isIP(last)) return unmap(last);
  }
  return peer && isIP(peer) ? unmap(peer) : NO_PEER;
}
