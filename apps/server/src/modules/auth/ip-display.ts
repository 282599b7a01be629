import { isIP } from 'node:net';

function expandIpv6(ip: string): number[] {
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((g) => Number.parseInt(g || '0', 16));
}

/** The network, not the host: a /24 for IPv4, a /48 for IPv6. */
export function maskIp(ip: string | null | undefined): string | null {
  if (!ip) return null;
  if (isIP(ip) === 4) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIP(ip) === 6) {
    const groups = expandIpv6(ip.toLowerCase());
    return `${groups.slice(0, 3).map((g) => g.toString(16)).join(':')}::/48`;
  }
  return null;
}

/**
 * 'Local network' for loopback and private ranges. Public addresses get null: no GeoIP database
 * ships with Peakwise (docs/decisions/008).
 */
export function placeOf(ip: string | null | undefined): string | null {
  if (!ip) return null;
  if (isIP(ip) === 4) {
    const [a = 0, b = 0] = ip.split('.').map(Number);
    const local = a === 10 || a === 127 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
    return local ? 'Local network' : null;
  }
  if (isIP(ip) === 6) {
    const first = expandIpv6(ip.toLowerCase());
    const isLoopback = first.slice(0, 7).every((g) => g === 0) && first[7] === 1;
    const head = first[0] ?? 0;
    const local = isLoopback || (head & 0xfe00) === 0xfc00 || (head & 0xffc0) === 0xfe80;
    return local ? 'Local network' : null;
  }
  return null;
}
