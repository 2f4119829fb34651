import { lookup as systemLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { CheckFailure } from './errors.ts';

/**
 * Addresses of the server's own machine and network: loopback, private, link-local (cloud metadata included),
 * carrier-grade NAT, unspecified, multicast and reserved ranges (IPv4-mapped IPv6 addresses meet the IPv4 rules). A
 * proxy check connecting there would let a user probe the server's ports and its neighbours.
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
    ['::', 128],
    ['::1', 128],
    ['64:ff9b::', 96],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
  ];
  for (const [address, prefix] of v6) list.addSubnet(address, prefix, 'ipv6');
  return list;
})();

/** Whether an IP address is loopback, private or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE_RANGES.check(address, 'ipv4');
  if (family === 6) return PRIVATE_RANGES.check(address.replace(/%.*$/, ''), 'ipv6');
  return false;
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
