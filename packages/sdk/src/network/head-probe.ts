import type { ConnectivityProbe } from './network-monitor.ts';

/**
 * The connectivity check of the spec: a HEAD request to the site root, never served from a cache.
 * A 5xx answer (a proxy in front of a stopped server, say) counts as unreachable.
 */
export function createHeadProbe(origin: string, fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis)) {
  const url = new URL('/', origin).toString();
  const probe: ConnectivityProbe = async (signal) => {
    const response = await fetchImpl(url, { method: 'HEAD', cache: 'no-store', signal });
    return response.status > 0 && response.status < 500;
  };
  return probe;
}
