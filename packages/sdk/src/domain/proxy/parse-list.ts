import type { ProxyIssue } from './messages.ts';
import { type ParseProxyOptions, parseProxyLine } from './parse-line.ts';
import type { ProxyDraft } from './types.ts';

export interface ParsedProxyLine {
  /** 1-based line number in the input. */
  line: number;
  text: string;
  proxy: ProxyDraft;
}

export interface InvalidProxyLine {
  line: number;
  text: string;
  reason: ProxyIssue;
}

export interface DuplicateProxyLine {
  line: number;
  text: string;
  /** The line that already carried this proxy. */
  firstLine: number;
}

export interface ProxyListParseResult {
  proxies: ParsedProxyLine[];
  invalid: InvalidProxyLine[];
  duplicates: DuplicateProxyLine[];
}

/**
 * Reads a pasted or uploaded proxy list line by line (CRLF, CR or LF; a byte-order mark is ignored; blank lines
 * and lines starting with `#` or `//` are skipped). No line is dropped silently: each one is a proxy, an invalid
 * line with its reason, or a duplicate of an earlier line.
 */
export function parseProxyList(text: string, options: ParseProxyOptions = {}): ProxyListParseResult {
  const result: ProxyListParseResult = { proxies: [], invalid: [], duplicates: [] };
  const seen = new Map<string, number>();
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    const parsed = parseProxyLine(raw, options);
    if (parsed.kind === 'skip') return;
    const trimmed = raw.trim();
    if (parsed.kind === 'invalid') {
      result.invalid.push({ line, text: trimmed, reason: parsed.reason });
      return;
    }
    const key = proxyIdentityKey(parsed.proxy);
    const firstLine = seen.get(key);
    if (firstLine !== undefined) {
      result.duplicates.push({ line, text: trimmed, firstLine });
      return;
    }
    seen.set(key, line);
    result.proxies.push({ line, text: trimmed, proxy: parsed.proxy });
  });
  return result;
}

/** Two proxies are the same when protocol, host, port, login and password all match (the name does not count). */
export function proxyIdentityKey(
  proxy: Pick<ProxyDraft, 'protocol' | 'host' | 'port' | 'credentials'>,
): string {
  return JSON.stringify([
    proxy.protocol,
    proxy.host.toLowerCase(),
    proxy.port,
    proxy.credentials?.username ?? null,
    proxy.credentials?.password ?? null,
  ]);
}
