/**
 * The proxy part of account and batch-assign lines, kept deliberately small: host, port and optional
 * credentials. The full proxy line grammar (names, protocols, every format) lives in `domain/proxy/`;
 * once both are merged these helpers should delegate to it.
 */
import { PROXY_PORT_MAX, PROXY_PORT_MIN } from '../constants.ts';
import type { LineFailureReason } from './messages.ts';

export type ProxyProtocolName = 'http' | 'https' | 'socks4' | 'socks5';

export interface ProxyPart {
  protocol: ProxyProtocolName | null;
  host: string;
  port: number;
  username: string | null;
  password: string | null;
}

const IPV4_SHAPE = /^\d{1,3}(\.\d{1,3}){3}$/;
const DOMAIN = /^(?=.{1,253}$)([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z][A-Za-z0-9-]{0,62}$/;

/** An IPv4 address (four dotted groups, each 0..255) or a domain name (shell §5). */
export function isValidProxyHost(host: string): boolean {
  if (IPV4_SHAPE.test(host)) return host.split('.').every((group) => Number(group) <= 255);
  return DOMAIN.test(host) || host.toLowerCase() === 'localhost';
}

/** Something the user meant as a host, valid or not: used to tell a proxy part from a password. */
export function looksLikeHost(text: string): boolean {
  return IPV4_SHAPE.test(text) || (/^[A-Za-z0-9.-]+$/.test(text) && text.includes('.'));
}

/** Digits only, 1..65535 (shell §5). */
export function parsePort(text: string): number | null {
  if (!/^\d{1,5}$/.test(text)) return null;
  const port = Number(text);
  return port >= PROXY_PORT_MIN && port <= PROXY_PORT_MAX ? port : null;
}

export type ProxyPartResult = { ok: true; proxy: ProxyPart } | { ok: false; reason: LineFailureReason };

export function buildProxyPart(
  host: string,
  portText: string,
  username: string | null,
  password: string | null,
  protocol: ProxyProtocolName | null = null,
): ProxyPartResult {
  if (!isValidProxyHost(host)) return { ok: false, reason: 'invalidHost' };
  const port = parsePort(portText);
  if (port === null) return { ok: false, reason: 'invalidPort' };
  return {
    ok: true,
    proxy: { protocol, host, port, username: username || null, password: password || null },
  };
}

const PROTOCOLS: Record<string, ProxyProtocolName> = {
  http: 'http',
  https: 'https',
  socks4: 'socks4',
  socks4a: 'socks4',
  socks5: 'socks5',
  socks5h: 'socks5',
};

export function protocolFromName(name: string): ProxyProtocolName | null {
  return PROTOCOLS[name.toLowerCase()] ?? null;
}

/**
 * One proxy written on its own: `host:port`, `host:port:user:pass`, `user:pass@host:port`, each with an
 * optional `scheme://` in front.
 */
export function parseProxyText(text: string): ProxyPartResult {
  let rest = text.trim();
  let protocol: ProxyProtocolName | null = null;
  const scheme = /^([A-Za-z0-9]+):\/\//.exec(rest);
  if (scheme) {
    protocol = protocolFromName(scheme[1]!);
    if (!protocol) return { ok: false, reason: 'invalidProxyFormat' };
    rest = rest.slice(scheme[0].length);
  }
  const at = rest.lastIndexOf('@');
  if (at >= 0) {
    const credentials = rest.slice(0, at);
    const address = rest.slice(at + 1).split(':');
    const colon = credentials.indexOf(':');
    if (address.length !== 2 || colon <= 0) return { ok: false, reason: 'invalidProxyFormat' };
    return buildProxyPart(
      address[0]!,
      address[1]!,
      credentials.slice(0, colon),
      credentials.slice(colon + 1),
      protocol,
    );
  }
  const parts = rest.split(':');
  if (parts.length === 2) return buildProxyPart(parts[0]!, parts[1]!, null, null, protocol);
  if (parts.length >= 4)
    return buildProxyPart(parts[0]!, parts[1]!, parts[2]!, parts.slice(3).join(':'), protocol);
  return { ok: false, reason: 'invalidProxyFormat' };
}
