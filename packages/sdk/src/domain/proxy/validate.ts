import { PROXY_PORT_MAX, PROXY_PORT_MIN } from '../constants.ts';
import { type ProxyIssue, proxyIssue } from './messages.ts';

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/;

/** `a.b.c.d` with every group 0..255, written without leading zeros; null when it is not one. */
export function normalizeIpv4(text: string): string | null {
  const match = IPV4.exec(text);
  if (!match) return null;
  let canonical = true;
  for (let i = 1; i <= 4; i++) {
    const group = match[i]!;
    if (Number(group) > 255) return null;
    if (group.length > 1 && group[0] === '0') canonical = false;
  }
  // Most addresses are written canonically already: no new string for them.
  return canonical ? text : match.slice(1).map(Number).join('.');
}

/**
 * An IPv6 address in its one canonical text form (RFC 5952: lower-case, no leading zeros, the longest run of
 * two or more zero groups as `::`, an IPv4-mapped address as `::ffff:a.b.c.d`), so that `0:0:0:0:0:0:0:1` and
 * `::1` are the same proxy everywhere. Zone ids are refused; null when the text is not an IPv6 address.
 */
export function normalizeIpv6(text: string): string | null {
  const groups = ipv6Groups(text.toLowerCase());
  return groups === null ? null : formatIpv6(groups);
}

/** The eight 16-bit groups of an IPv6 address, or null. */
function ipv6Groups(value: string): number[] | null {
  if (!value.includes(':') || value.length > 45) return null;
  const halves = value.split('::');
  if (halves.length > 2) return null;
  const toGroups = (part: string, last: boolean): number[] | null => {
    if (part === '') return [];
    const groups = part.split(':');
    const tail = groups[groups.length - 1]!;
    const numbers: number[] = [];
    // An embedded IPv4 tail (`::ffff:1.2.3.4`) counts as two groups, and only at the end.
    if (tail.includes('.')) {
      const ipv4 = last ? normalizeIpv4(tail) : null;
      if (ipv4 === null) return null;
      const [a, b, c, d] = ipv4.split('.').map(Number) as [number, number, number, number];
      groups.pop();
      numbers.push((a << 8) | b, (c << 8) | d);
    }
    if (!groups.every((group) => HEX_GROUP.test(group))) return null;
    return [...groups.map((group) => Number.parseInt(group, 16)), ...numbers];
  };
  if (halves.length === 1) {
    const all = toGroups(halves[0]!, true);
    return all !== null && all.length === 8 ? all : null;
  }
  const head = toGroups(halves[0]!, false);
  const tail = toGroups(halves[1]!, true);
  if (head === null || tail === null || head.length + tail.length > 7) return null;
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

function formatIpv6(groups: readonly number[]): string {
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [c, d] = [groups[6]!, groups[7]!];
    return `::ffff:${c >> 8}.${c & 0xff}.${d >> 8}.${d & 0xff}`;
  }
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

/** A domain name of letters, digits and hyphens whose last label is not all digits. */
export function isDomainName(text: string): boolean {
  if (text.length === 0 || text.length > 253) return false;
  const labels = text.toLowerCase().split('.');
  const last = labels[labels.length - 1]!;
  return labels.every((label) => LABEL.test(label)) && !/^\d+$/.test(last);
}

/**
 * The host in the form it is stored: IPv4 without leading zeros, IPv6 in its canonical form without brackets, a domain
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

/** The spec's host rule (docs/product-shell.md §5): an IP address or a domain name. */
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

/** The spec's port rule (docs/product-shell.md §5): digits only, 1 to 65535. */
export function validateProxyPort(text: string | number): ProxyIssue | null {
  return parseProxyPort(text) === null ? proxyIssue('invalid_port') : null;
}
