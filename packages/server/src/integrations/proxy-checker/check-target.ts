import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { SecureContextOptions } from 'node:tls';

/** Where checks go unless `TRADEDECK_PROXY_CHECK_URL` says otherwise: Steam itself, over verified HTTPS. */
export const DEFAULT_PROXY_CHECK_URL = 'https://steamcommunity.com/';
/** Path of the judge built into the server (it answers the caller's IP). */
export const PROXY_JUDGE_PATH = '/api/proxy-judge';

export interface CheckTarget {
  url: URL;
  secure: boolean;
  /** Host name or IP without brackets. */
  host: string;
  port: number;
  /** Path and query as sent in the request line. */
  path: string;
  /** `Host` header value. */
  hostHeader: string;
  /** The host resolved once for all checks; null when it could not be (SOCKS then resolves remotely). */
  address: string | null;
  /** Extra trusted certificates for an HTTPS target (a private judge); public targets need none. */
  ca: SecureContextOptions['ca'] | undefined;
  /** The built-in judge echoes a random marker, so a proxy cannot fake its answer over plain HTTP. */
  isJudge: boolean;
  /**
   * The built-in judge of this very process (sandbox mode): each check then holds two of its descriptors (the
   * socket to the proxy and the judge's side of the tunnel), and a connection the judge could not accept (out of
   * descriptors) is this server's failure, not the proxy's.
   */
  inProcess?: { acceptFailures(): number };
}

export class CheckTargetError extends Error {
  override name = 'CheckTargetError';
}

/**
 * The check URL from the environment, checked for shape. Without `TRADEDECK_PROXY_CHECK_URL`, live mode checks
 * against Steam; sandbox mode answers null: the built-in judge on loopback (`LoopbackJudge`), so nothing leaves
 * the machine and proxies on it check as valid.
 */
export function checkUrlFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  mode: 'live' | 'sandbox' = 'live',
): string | null {
  const value = env.TRADEDECK_PROXY_CHECK_URL?.trim();
  if (!value) return mode === 'sandbox' ? null : DEFAULT_PROXY_CHECK_URL;
  parseCheckUrl(value);
  return value;
}

function parseCheckUrl(value: string): URL {
  if (!URL.canParse(value)) throw new CheckTargetError(`TRADEDECK_PROXY_CHECK_URL is not a URL: "${value}"`);
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CheckTargetError(
      `TRADEDECK_PROXY_CHECK_URL must be http:// or https://, got "${url.protocol}"`,
    );
  }
  return url;
}

/** Parses the URL and resolves its host once, so thousands of checks do not each ask DNS. */
export async function prepareCheckTarget(
  value: string,
  options: { ca?: SecureContextOptions['ca'] } = {},
): Promise<CheckTarget> {
  const url = parseCheckUrl(value);
  const secure = url.protocol === 'https:';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = url.port === '' ? (secure ? 443 : 80) : Number(url.port);
  let address: string | null = isIP(host) ? host : null;
  if (address === null) {
    try {
      address = (await lookup(host)).address;
    } catch {
      address = null;
    }
  }
  return {
    url,
    secure,
    host,
    port,
    path: `${url.pathname}${url.search}`,
    hostHeader: url.host,
    address,
    ca: options.ca,
    isJudge: url.pathname === PROXY_JUDGE_PATH,
  };
}
