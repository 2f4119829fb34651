import { createHmac } from 'node:crypto';
import {
  type InlineProxy,
  PROXY_PROTOCOL_SCHEMES,
  ProxyProtocol,
  proxyIdentityKey,
} from '@tradedeck/sdk/domain';
import type { SteamProxy } from '../../integrations/steam/index.ts';

const PROTOCOL_NUMBERS: Readonly<Record<SteamProxy['protocol'], ProxyProtocol>> = {
  http: ProxyProtocol.Http,
  https: ProxyProtocol.Https,
  socks4: ProxyProtocol.Socks4,
  socks5: ProxyProtocol.Socks5,
};

/** A proxy given inline (a text line, a NebulaAuth file): without a scheme it is an HTTP proxy. */
export function inlineToSteamProxy(proxy: InlineProxy): SteamProxy {
  return {
    protocol: proxy.protocol ?? 'http',
    host: proxy.address.toLowerCase(),
    port: proxy.port,
    username: proxy.username || null,
    password: proxy.username ? (proxy.password ?? '') : null,
  };
}

export function protocolNumber(protocol: SteamProxy['protocol']): ProxyProtocol {
  return PROTOCOL_NUMBERS[protocol];
}

export function protocolName(protocol: number): SteamProxy['protocol'] {
  return (PROXY_PROTOCOL_SCHEMES[protocol as ProxyProtocol] ?? 'http') as SteamProxy['protocol'];
}

/** The sdk's identity key of a proxy (protocol, host, port, login, password): equal keys are one proxy. */
export function steamProxyIdentityKey(proxy: SteamProxy): string {
  return proxyIdentityKey({
    protocol: protocolNumber(proxy.protocol),
    host: proxy.host,
    port: proxy.port,
    credentials: proxy.username ? { username: proxy.username, password: proxy.password ?? '' } : null,
  } as Parameters<typeof proxyIdentityKey>[0]);
}

/** The stored `identity_hash`: a keyed hash, so duplicates are found without keeping the password readable. */
export function identityHasher(key: Buffer): (identityKey: string) => string {
  return (identityKey) => createHmac('sha256', key).update(identityKey).digest('base64url');
}
