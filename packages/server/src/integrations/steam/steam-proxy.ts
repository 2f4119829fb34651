import type { ProxyPart } from '@tradedeck/sdk/domain';
import type { SteamProxy } from './port.ts';

/** A proxy as the line parsers give it; a proxy written without a scheme is an HTTP proxy. */
export function toSteamProxy(part: ProxyPart): SteamProxy {
  return {
    protocol: part.protocol ?? 'http',
    host: part.host,
    port: part.port,
    username: part.username,
    password: part.password,
  };
}
