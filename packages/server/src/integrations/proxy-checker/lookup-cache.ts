import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';

export interface LookupCache {
  /** A `lookup` for `net.connect` that asks the resolver once per host name. */
  lookup: LookupFunction;
  /** Host names asked so far. */
  size: () => number;
}

/**
 * One DNS answer per host name for a batch. `getaddrinfo` runs on libuv's small thread pool, so a list of a
 * thousand logins on one gateway name would otherwise queue a thousand lookups and eat the connect deadlines.
 * Failures are remembered too: a name that does not resolve fails every proxy on it at once.
 */
export function createLookupCache(): LookupCache {
  const answers = new Map<string, Promise<LookupAddress[]>>();
  const lookup = ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    let answer = answers.get(hostname);
    if (!answer) {
      answer = new Promise<LookupAddress[]>((resolve, reject) => {
        dnsLookup(hostname, { all: true }, (error, addresses) =>
          error ? reject(error) : resolve(addresses),
        );
      });
      answer.catch(() => {});
      answers.set(hostname, answer);
    }
    answer.then(
      (addresses) => {
        if (options?.all) callback(null, addresses);
        else callback(null, addresses[0]?.address, addresses[0]?.family);
      },
      (error) => callback(error),
    );
  }) as unknown as LookupFunction;
  return { lookup, size: () => answers.size };
}
