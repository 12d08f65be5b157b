import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may never reach in production: loopback, private networks, link-local (the
 * cloud metadata address among them), carrier-grade NAT, "this network", multicast and reserved
 * ranges, in IPv4 and IPv6 (IPv4-mapped IPv6 is unwrapped first).
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address (v4 or v6) is one a webhook may not be sent to in production. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) return blocked.check(bare, 'ipv6');
  return true;
}

export type UrlRefusal = 'webhook_url_https_required' | 'webhook_url_private' | 'webhook_url_unresolvable';
export type Resolver = (hostname: string) => Promise<string[]>;

export const resolveAll: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Why a webhook address is refused, or null. Demo and test modes accept any http(s) address (a
 * receiver on the same machine); production asks https and an address on the public internet, for
 * the name's every resolved address, so a dealer cannot make our servers call into our own network.
 */
export async function urlRefusal(
  raw: string,
  options: { production: boolean; resolve?: Resolver },
): Promise<UrlRefusal | null> {
  if (!options.production) return null;
  const url = new URL(raw);
  if (url.protocol !== 'https:') return 'webhook_url_https_required';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPrivateAddress(host) ? 'webhook_url_private' : null;
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || !host.includes('.'))
    return 'webhook_url_private';
  let addresses: string[];
  try {
    addresses = await (options.resolve ?? resolveAll)(host);
  } catch {
    return 'webhook_url_unresolvable';
  }
  if (addresses.length === 0) return 'webhook_url_unresolvable';
  return addresses.some(isPrivateAddress) ? 'webhook_url_private' : null;
}
