import { PROXY_PORT_MAX, PROXY_PORT_MIN } from '../constants.ts';
import { type ProxyIssue, proxyIssue } from './messages.ts';

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/;

/** `a.b.c.d` with every group 0..255, written without leading zeros; null when it is not one. */
export function normalizeIpv4(text: string): string | null {
  const match = IPV4.exec(text);
  if (!match) return null;
  const groups = match.slice(1).map(Number);
  return groups.every((group) => group <= 255) ? groups.join('.') : null;
}

/** An IPv6 address (lower-case, as written; zone ids refused); null when it is not one. */
export function normalizeIpv6(text: string): string | null {
  const value = text.toLowerCase();
  if (!value.includes(':') || value.length > 45) return null;
  const halves = value.split('::');
  if (halves.length > 2) return null;
  const toGroups = (part: string): string[] | null => {
    if (part === '') return [];
    const groups = part.split(':');
    const last = groups[groups.length - 1]!;
    // An embedded IPv4 tail (`::ffff:1.2.3.4`) counts as two groups.
    if (last.includes('.')) {
      if (normalizeIpv4(last) === null) return null;
      groups.splice(groups.length - 1, 1, '0', '0');
    }
    return groups.every((group) => HEX_GROUP.test(group)) ? groups : null;
  };
  const head = toGroups(halves[0]!);
  if (head === null) return null;
  if (halves.length === 1) return head.length === 8 ? value : null;
  if (halves[0]!.includes('.')) return null;
  const tail = toGroups(halves[1]!);
  if (tail === null) return null;
  return head.length + tail.length <= 7 ? value : null;
}

/** A domain name of letters, digits and hyphens whose last label is not all digits. */
export function isDomainName(text: string): boolean {
  if (text.length === 0 || text.length > 253) return false;
  const labels = text.toLowerCase().split('.');
  const last = labels[labels.length - 1]!;
  return labels.every((label) => LABEL.test(label)) && !/^\d+$/.test(last);
}

/**
 * The host in the form it is stored: IPv4 without leading zeros, IPv6 lower-case without brackets, a domain
 * name lower-case. Null when the text is neither an IP address nor a domain name. Brackets around IPv6 are
 * accepted because that is how IPv6 is written next to a port.
 */
export function normalizeProxyHost(text: string): string | null {
  const value = text.trim();
  if (value.startsWith('[') && value.endsWith(']')) return normalizeIpv6(value.slice(1, -1));
  if (value.includes(':')) return normalizeIpv6(value);
  if (/^[\d.]+$/.test(value)) return normalizeIpv4(value);
  return isDomainName(value) ? value.toLowerCase() : null;
}

/** Host as written next to a port: IPv6 in brackets. */
export function hostForLine(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** The spec's host rule (shell document §5): an IP address or a domain name. */
export function validateProxyHost(text: string): ProxyIssue | null {
  return normalizeProxyHost(text) === null ? proxyIssue('invalid_host') : null;
}

/** Port as digits only, 1..65535; null when the text is not one. */
export function parseProxyPort(text: string | number): number | null {
  const value = typeof text === 'number' ? String(text) : text.trim();
  if (!/^\d{1,5}$/.test(value)) return null;
  const port = Number(value);
  return port >= PROXY_PORT_MIN && port <= PROXY_PORT_MAX ? port : null;
}

/** The spec's port rule (shell document §5): digits only, 1 to 65535. */
export function validateProxyPort(text: string | number): ProxyIssue | null {
  return parseProxyPort(text) === null ? proxyIssue('invalid_port') : null;
}
