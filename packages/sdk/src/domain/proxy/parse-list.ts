import type { ProxyIssue } from './messages.ts';
import { type ParseProxyOptions, parseProxyLine } from './parse-line.ts';
import type { ProxyDraft } from './types.ts';

export interface ParsedProxyLine {
  /** 1-based line number in the input. */
  line: number;
  text: string;
  proxy: ProxyDraft;
  /** `proxyIdentityKey` of the proxy. */
  identityKey: string;
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
  return new ProxyListReader(text, options).read(Number.POSITIVE_INFINITY);
}

/**
 * `parseProxyList` a block at a time, so a long list can be written while the rest is still read. A repeat is
 * judged against every earlier line, whichever block it was in.
 */
export class ProxyListReader {
  readonly #text: string;
  readonly #options: ParseProxyOptions;
  readonly #seen = new Map<string, number>();
  /** Where the next line starts; the lines are found as they are read, so no turn splits the whole text at once. */
  #at = 0;
  /** The next line feed and carriage return at or after `#at` (-1: none left). */
  #lf: number;
  #cr: number;
  #ended = false;
  #next = 0;

  constructor(text: string, options: ParseProxyOptions = {}) {
    this.#text = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    this.#lf = this.#text.indexOf('\n');
    this.#cr = this.#text.indexOf('\r');
    this.#options = options;
  }

  get done(): boolean {
    return this.#ended;
  }

  /** The next line, ended by CRLF, CR or LF; the text after the last break is the last line. */
  #readLine(): string {
    const text = this.#text;
    const from = this.#at;
    if (this.#lf !== -1 && this.#lf < from) this.#lf = text.indexOf('\n', from);
    if (this.#cr !== -1 && this.#cr < from) this.#cr = text.indexOf('\r', from);
    const lf = this.#lf;
    const cr = this.#cr;
    if (lf === -1 && cr === -1) {
      this.#ended = true;
      return text.slice(from);
    }
    const end = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
    this.#at = end === cr && lf === cr + 1 ? end + 2 : end + 1;
    return text.slice(from, end);
  }

  /** Reads on until `count` proxies were found or the list ended: the verdicts of the lines read. */
  read(count: number): ProxyListParseResult {
    const result: ProxyListParseResult = { proxies: [], invalid: [], duplicates: [] };
    while (!this.#ended && result.proxies.length < count) {
      const raw = this.#readLine();
      const line = ++this.#next;
      const parsed = parseProxyLine(raw, this.#options);
      if (parsed.kind === 'skip') continue;
      const trimmed = raw.trim();
      if (parsed.kind === 'invalid') {
        result.invalid.push({ line, text: trimmed, reason: parsed.reason });
        continue;
      }
      const identityKey = proxyIdentityKey(parsed.proxy);
      const firstLine = this.#seen.get(identityKey);
      if (firstLine !== undefined) {
        result.duplicates.push({ line, text: trimmed, firstLine });
        continue;
      }
      this.#seen.set(identityKey, line);
      result.proxies.push({ line, text: trimmed, proxy: parsed.proxy, identityKey });
    }
    return result;
  }
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
