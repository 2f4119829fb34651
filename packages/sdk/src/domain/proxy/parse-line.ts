import { type ProxyIssue, type ProxyIssueCode, proxyIssue } from './messages.ts';
import {
  PROXY_CREDENTIAL_MAX_BYTES,
  PROXY_NAME_MAX_LENGTH,
  PROXY_SCHEME_PROTOCOLS,
  type ProxyCredentials,
  type ProxyDraft,
  ProxyProtocol,
} from './types.ts';
import { normalizeIpv4, normalizeIpv6, normalizeProxyHost, parseProxyPort } from './validate.ts';

export interface ParseProxyOptions {
  /** Protocol of lines that carry no scheme; HTTP unless told otherwise. */
  defaultProtocol?: ProxyProtocol;
}

/** One line's outcome: a proxy, a reason it was refused, or nothing to read (blank line, comment). */
export type ProxyLineResult =
  | { kind: 'proxy'; proxy: ProxyDraft }
  | { kind: 'invalid'; reason: ProxyIssue }
  | { kind: 'skip' };

type Step<T> = { ok: true; value: T } | { ok: false; code: ProxyIssueCode };

const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;
const utf8 = new TextEncoder();

/**
 * Reads one proxy line. Accepted, each with an optional `[name]` in front or (after a space) behind:
 * `host:port`, `host:port:user:pass` (the password is everything after the third colon), `user:pass@host:port`
 * (split at the last `@`, the login ends at the first `:`), optionally behind `http|https|socks4|socks4a|socks5|
 * socks5h://` (credentials of `scheme://user:pass@host:port` are percent-decoded as in a URL). IPv6 goes in
 * brackets. A line that starts with an address and a port (`1.2.3.4:80:…`) is always read as
 * `host:port:user:pass`; a single-word host followed by `@` later in the line is read as `user:pass@host:port`.
 */
export function parseProxyLine(line: string, options: ParseProxyOptions = {}): ProxyLineResult {
  const text = line.replace(/^\uFEFF/, '').trim();
  if (text === '' || text.startsWith('#') || text.startsWith('//')) return { kind: 'skip' };

  const { name, rest: withoutName } = splitName(text);
  let rest = withoutName;
  let protocol = options.defaultProtocol ?? ProxyProtocol.Http;
  let scheme = SCHEME.exec(rest);
  if (scheme) {
    const found = PROXY_SCHEME_PROTOCOLS[scheme[1]!.toLowerCase()];
    if (found === undefined) {
      // `login://pass@host:port` is a password starting with `//`, not an unknown scheme, when it reads as one.
      if (!readAddressAndCredentials(rest, false).ok) return invalid('unsupported_scheme');
      scheme = null;
    } else {
      protocol = found;
      rest = rest.slice(scheme[0].length);
    }
  }

  let read = readAddressAndCredentials(rest, scheme !== null);
  // A URL may end in `/`; a password may too, so the slash is dropped only when the line fails with it.
  if (!read.ok && scheme && rest.endsWith('/')) {
    const withoutSlash = readAddressAndCredentials(rest.slice(0, -1), true);
    if (withoutSlash.ok) read = withoutSlash;
  }
  if (!read.ok) return invalid(read.code);
  const { host, port, credentials } = read.value;

  if (name !== null && name.length > PROXY_NAME_MAX_LENGTH) return invalid('name_too_long');
  if (credentials) {
    if (credentials.username === '') return invalid('missing_username');
    if (longerThanUtf8(credentials.username) || longerThanUtf8(credentials.password))
      return invalid('credentials_too_long');
    if (protocol === ProxyProtocol.Socks4 && credentials.password !== '') return invalid('socks4_password');
  }
  return { kind: 'proxy', proxy: { protocol, host, port, credentials, name } };
}

/** Whether the text takes more UTF-8 bytes than a credential may; a UTF-16 unit is at most 3 bytes, so most
 * credentials are decided by their length without encoding them. */
function longerThanUtf8(value: string): boolean {
  if (value.length * 3 <= PROXY_CREDENTIAL_MAX_BYTES) return false;
  return utf8.encode(value).length > PROXY_CREDENTIAL_MAX_BYTES;
}

function invalid(code: ProxyIssueCode): ProxyLineResult {
  return { kind: 'invalid', reason: proxyIssue(code) };
}

/** A `[name]` in front of the proxy, or at the end after whitespace. `[::1]:80` is an address, not a name. */
function splitName(text: string): { name: string | null; rest: string } {
  if (text.startsWith('[')) {
    const close = text.indexOf(']');
    if (close > 0) {
      const inner = text.slice(1, close);
      const after = text.slice(close + 1);
      const isAddress = after.startsWith(':') && normalizeIpv6(inner) !== null;
      if (!isAddress) return { name: inner.trim() || null, rest: after.trim() };
    }
  }
  if (text.endsWith(']')) {
    const open = text.lastIndexOf('[');
    if (open > 0 && /\s/.test(text[open - 1]!)) {
      return { name: text.slice(open + 1, -1).trim() || null, rest: text.slice(0, open).trim() };
    }
  }
  return { name: null, rest: text };
}

interface Address {
  host: string;
  port: number;
  credentials: ProxyCredentials | null;
}

function readAddressAndCredentials(rest: string, isUrl: boolean): Step<Address> {
  const lead = leadingHostPort(rest);
  const hasAt = rest.includes('@');
  // host:port:user:pass, unless the "host" is a bare word and an `@` says the line is user:pass@host:port.
  if (lead?.remainder?.includes(':')) {
    const host = normalizeProxyHost(lead.hostText);
    const port = parseProxyPort(lead.portText);
    if (!hasAt && host === null) return { ok: false, code: 'invalid_host' };
    if (!hasAt && port === null) return { ok: false, code: 'invalid_port' };
    if (host !== null && port !== null && (!hasAt || isAddressLike(host))) {
      const colon = lead.remainder.indexOf(':');
      const credentials = toCredentials(lead.remainder.slice(0, colon), lead.remainder.slice(colon + 1));
      return { ok: true, value: { host, port, credentials } };
    }
  }
  if (hasAt) {
    const at = rest.lastIndexOf('@');
    const address = readHostPort(rest.slice(at + 1));
    if (!address.ok) return address;
    const auth = rest.slice(0, at);
    const colon = auth.indexOf(':');
    let username = colon < 0 ? auth : auth.slice(0, colon);
    let password = colon < 0 ? '' : auth.slice(colon + 1);
    if (isUrl) {
      username = percentDecode(username);
      password = percentDecode(password);
    }
    return { ok: true, value: { ...address.value, credentials: toCredentials(username, password) } };
  }
  if (lead && lead.remainder !== null) return { ok: false, code: 'invalid_format' };
  return readHostPort(rest);
}

function readHostPort(text: string): Step<Address> {
  const lead = leadingHostPort(text);
  if (!lead || lead.remainder !== null) return { ok: false, code: 'invalid_format' };
  const host = normalizeProxyHost(lead.hostText);
  if (host === null) return { ok: false, code: 'invalid_host' };
  const port = parseProxyPort(lead.portText);
  if (port === null) return { ok: false, code: 'invalid_port' };
  return { ok: true, value: { host, port, credentials: null } };
}

/** Splits `host:port[:remainder]`, with IPv6 in brackets; null when there is no `host:` in front. */
function leadingHostPort(
  text: string,
): { hostText: string; portText: string; remainder: string | null } | null {
  let hostEnd: number;
  let afterHost: number;
  if (text.startsWith('[')) {
    hostEnd = text.indexOf(']');
    if (hostEnd < 0) return null;
    hostEnd += 1;
    afterHost = hostEnd;
  } else {
    hostEnd = text.indexOf(':');
    afterHost = hostEnd;
  }
  if (hostEnd <= 0 || text[afterHost] !== ':') return null;
  const hostText = text.slice(0, hostEnd);
  const afterColon = text.slice(afterHost + 1);
  const nextColon = afterColon.indexOf(':');
  return nextColon < 0
    ? { hostText, portText: afterColon, remainder: null }
    : { hostText, portText: afterColon.slice(0, nextColon), remainder: afterColon.slice(nextColon + 1) };
}

/** An IP literal or a dotted name: what a proxy address looks like, and what a login rarely does. */
function isAddressLike(host: string): boolean {
  return host.includes(':') || host.includes('.') || host === 'localhost' || normalizeIpv4(host) !== null;
}

function toCredentials(username: string, password: string): ProxyCredentials | null {
  return username === '' && password === '' ? null : { username, password };
}

function percentDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
