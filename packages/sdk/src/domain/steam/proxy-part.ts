/**
 * The proxy part of account and batch-assign lines: host, port and optional credentials, read by the shared
 * proxy line parser of `domain/proxy/` and reduced to what an account needs.
 */

import type { ProxyIssueCode } from '../proxy/messages.ts';
import { parseProxyLine } from '../proxy/parse-line.ts';
import { ProxyProtocol } from '../proxy/types.ts';
import { normalizeProxyHost, parseProxyPort } from '../proxy/validate.ts';
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

/** An IPv4 address or a domain name (docs/product-shell.md §5), by the shared proxy rules. */
export function isValidProxyHost(host: string): boolean {
  return normalizeProxyHost(host) !== null;
}

/** Something the user meant as a host, valid or not: used to tell a proxy part from a password. */
export function looksLikeHost(text: string): boolean {
  return IPV4_SHAPE.test(text) || (/^[A-Za-z0-9.-]+$/.test(text) && text.includes('.'));
}

/** Digits only, 1..65535 (docs/product-shell.md §5). */
export function parsePort(text: string): number | null {
  return parseProxyPort(text);
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

const PROTOCOL_NAMES: Record<ProxyProtocol, ProxyProtocolName> = {
  [ProxyProtocol.Http]: 'http',
  [ProxyProtocol.Https]: 'https',
  [ProxyProtocol.Socks4]: 'socks4',
  [ProxyProtocol.Socks5]: 'socks5',
};

function reasonFor(code: ProxyIssueCode): LineFailureReason {
  if (code === 'invalid_host') return 'invalidHost';
  if (code === 'invalid_port') return 'invalidPort';
  return 'invalidProxyFormat';
}

/**
 * One proxy written on its own, in any form the proxy list accepts (`host:port`, `host:port:user:pass`,
 * `user:pass@host:port`, an optional `scheme://`). The protocol stays null when the text names none.
 */
export function parseProxyText(text: string): ProxyPartResult {
  const result = parseProxyLine(text);
  if (result.kind === 'skip') return { ok: false, reason: 'invalidProxyFormat' };
  if (result.kind === 'invalid') return { ok: false, reason: reasonFor(result.reason.code) };
  const { proxy } = result;
  const named = /^\s*(\[[^\]]*\]\s*)?[a-z][a-z0-9+.-]*:\/\//i.test(text);
  return {
    ok: true,
    proxy: {
      protocol: named ? PROTOCOL_NAMES[proxy.protocol] : null,
      host: proxy.host,
      port: proxy.port,
      username: proxy.credentials?.username || null,
      password: proxy.credentials?.password || null,
    },
  };
}
