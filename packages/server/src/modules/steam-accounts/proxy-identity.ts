import {
  type InlineProxy,
  PROXY_PROTOCOL_SCHEMES,
  type ProxyDraft,
  ProxyProtocol,
} from '@tradedeck/sdk/domain';
import type { SteamProxy } from '../../integrations/steam/index.ts';
import type { OpenSecretBox } from '../../security/secret-box.ts';
import { IDENTITY_KEY_PURPOSE, identityHash, type NewProxyRow, passwordSlot } from '../proxies/index.ts';

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

export function protocolName(protocol: number): SteamProxy['protocol'] {
  return (PROXY_PROTOCOL_SCHEMES[protocol as ProxyProtocol] ?? 'http') as SteamProxy['protocol'];
}

function toDraft(proxy: SteamProxy): Pick<ProxyDraft, 'protocol' | 'host' | 'port' | 'credentials'> {
  return {
    protocol: PROTOCOL_NUMBERS[proxy.protocol],
    host: proxy.host,
    port: proxy.port,
    credentials: proxy.username ? { username: proxy.username, password: proxy.password ?? '' } : null,
  } as Pick<ProxyDraft, 'protocol' | 'host' | 'port' | 'credentials'>;
}

/**
 * One user's proxy identities as the proxies module keeps them: the keyed identity hash that finds duplicates,
 * and passwords sealed to that hash, from the user's opened box (one data-key lookup per request).
 */
export interface UserProxyKeys {
  hash(proxy: SteamProxy): string;
  /** A proxy row to store (the proxies module inserts it), its password sealed. */
  newRow(proxy: SteamProxy): NewProxyRow;
  openPassword(identityHash: string, passwordEnc: string): string;
}

export function userProxyKeys(box: OpenSecretBox, userId: string): UserProxyKeys {
  const key = box.deriveKey(IDENTITY_KEY_PURPOSE);
  const hash = (proxy: SteamProxy) => identityHash(key, toDraft(proxy));
  return {
    hash,
    newRow(proxy) {
      const draft = toDraft(proxy);
      const identity = hash(proxy);
      const password = draft.credentials?.password ?? '';
      return {
        protocol: draft.protocol,
        host: draft.host,
        port: draft.port,
        username: draft.credentials?.username ?? null,
        passwordEnc: password === '' ? null : box.encrypt(passwordSlot(userId, identity), password),
        name: null,
        identityHash: identity,
      };
    },
    openPassword: (identity, passwordEnc) => box.decrypt(passwordSlot(userId, identity), passwordEnc),
  };
}
