import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Agent } from 'undici';

/**
 * Addresses that a member-given endpoint (a webhook or a push subscription: decisions 060 and
 * 080) must not reach: this machine, the private and
 * shared networks behind it, link-local (cloud metadata services live at 169.254.169.254),
 * multicast and reserved ranges. Otherwise any member could make the server post to, and time,
 * services that only trust their own network.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127], // :: and ::1
  ['64:ff9b::', 96], // NAT64: an IPv4 address in disguise
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

const MAPPED_V4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** True for an address on the public internet; false for the ranges above or anything not an IP. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = MAPPED_V4.exec(bare)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = isIP(bare);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
  constructor(host: string) {
    super(`${host} is not on the public internet`);
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The connection's own name lookup refuses a name with any non-public address, so a name that
 * changes its answer between a check and the connection (DNS rebinding) is judged by the address
 * actually connected to.
 */
function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) return callback(new PrivateAddressError(hostname), []);
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

/** A dispatcher for fetch that connects only to public addresses. */
export function publicOnlyDispatcher(): Agent {
  return new Agent({ connect: { lookup: publicOnlyLookup as never } });
}

/** An address written as an IP is never looked up, so it is judged here, before connecting. */
export function literalAddressRefused(url: string): boolean {
  const host = new URL(url).hostname;
  return isIP(host.replace(/^\[|\]$/g, '')) !== 0 && !isPublicAddress(host);
}

/**
 * What can be judged of an endpoint without a lookup, when it is given: an IP that is not public,
 * or a name that always means this machine (`localhost` and, by RFC 6761, every `*.localhost`).
 * Other names are judged by each connection's own lookup (publicOnlyDispatcher).
 */
export function endpointAddressRefused(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || literalAddressRefused(url);
}
