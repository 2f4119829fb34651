import { lookup as systemLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { CheckFailure } from './errors.ts';

/**
 * Addresses of the server's own machine and network: loopback, private, link-local (cloud metadata included),
 * carrier-grade NAT, unspecified, multicast and reserved ranges. A proxy check connecting there would let a user
 * probe the server's ports and its neighbours. IPv6 forms that carry an IPv4 address (mapped, compatible,
 * translated, NAT64, 6to4, Teredo) meet the IPv4 rules for the address they carry.
 */
const PRIVATE_RANGES = (() => {
  const list = new BlockList();
  const v4: [string, number][] = [
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
  ];
  for (const [address, prefix] of v4) list.addSubnet(address, prefix, 'ipv4');
  const v6: [string, number][] = [
    // IPv4-compatible (deprecated, RFC 4291), `::` and `::1` included: never a public destination.
    ['::', 96],
    // NAT64, well-known and local-use prefixes (RFC 6052, RFC 8215): the translator is the server's own network.
    ['64:ff9b::', 96],
    ['64:ff9b:1::', 48],
    // Discard-only (RFC 6666), benchmarking (RFC 5180), ORCHID (RFC 7343), documentation (RFC 3849).
    ['100::', 64],
    ['2001:2::', 48],
    ['2001:10::', 28],
    ['2001:20::', 28],
    ['2001:db8::', 32],
    ['fc00::', 7],
    ['fe80::', 10],
    ['fec0::', 10],
    ['ff00::', 8],
  ];
  for (const [address, prefix] of v6) list.addSubnet(address, prefix, 'ipv6');
  return list;
})();

/** Whether an IP address is loopback, private or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return PRIVATE_RANGES.check(bare, 'ipv4');
  if (family !== 6) return false;
  if (PRIVATE_RANGES.check(bare, 'ipv6')) return true;
  return embeddedIpv4(ipv6Groups(bare)).some((v4) => PRIVATE_RANGES.check(v4, 'ipv4'));
}

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted IPv4 part counts as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) =>
    part ? part.split(':').map((group) => Number.parseInt(group, 16)) : [];
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The IPv4 addresses an IPv6 address carries, in the forms a connection could reach them through: mapped
 * (::ffff:0:0/96), translated (::ffff:0:0:0/96, RFC 2765), NAT64 (64:ff9b::/96), 6to4 (2002::/16, the relay
 * address in bits 16-47) and Teredo (2001::/32: the server in bits 32-63, the client in the last 32 bits XOR-ed
 * with ones, RFC 4380).
 */
function embeddedIpv4(g: number[]): string[] {
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  const zeros = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  const found: string[] = [];
  if (zeros(0, 5) && g[5] === 0xffff) found.push(v4(g[6]!, g[7]!));
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) found.push(v4(g[6]!, g[7]!));
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) found.push(v4(g[6]!, g[7]!));
  if (g[0] === 0x2002) found.push(v4(g[1]!, g[2]!));
  if (g[0] === 0x2001 && g[1] === 0) found.push(v4(g[2]!, g[3]!), v4(g[6]! ^ 0xffff, g[7]! ^ 0xffff));
  return found;
}

export function privateAddressFailure(address: string): CheckFailure {
  return new CheckFailure(
    'private_address',
    `the proxy is on a private or loopback address (${address}); an administrator can allow such proxies with TRADEDECK_ALLOW_PRIVATE_PROXIES`,
  );
}

/**
 * A resolver that refuses names resolving to a private address, so a host name cannot lead a check to the
 * server's own network (the address checked is the one connected to: no window for a changed DNS answer).
 */
export function publicOnlyLookup(lookup: LookupFunction = systemLookup as LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, options, (error, address, family) => {
      if (error) return callback(error, address as string, family);
      const addresses = Array.isArray(address) ? address.map((entry) => entry.address) : [address];
      const blocked = addresses.find((entry) => isPrivateAddress(entry));
      if (blocked !== undefined) return callback(privateAddressFailure(blocked), '', 0);
      callback(null, address as string, family);
    });
  };
}
