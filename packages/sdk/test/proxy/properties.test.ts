import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileProxyTemplate,
  formatProxy,
  normalizeProxyHost,
  type ProxyDraft,
  ProxyProtocol,
  parseProxyLine,
  parseProxyList,
} from '../../src/domain/index.ts';

const ipv4 = fc.ipV4();
const ipv6 = fc.ipV6().map((value) => normalizeProxyHost(value)!);
const domain = fc
  .domain()
  .filter((value) => normalizeProxyHost(value) === value.toLowerCase())
  .map((v) => v.toLowerCase());
const host = fc.oneof(ipv4, ipv6, domain);
const port = fc.integer({ min: 1, max: 65_535 });
const protocol = fc.constantFrom(ProxyProtocol.Http, ProxyProtocol.Https, ProxyProtocol.Socks5);

// Passwords: printable text with the characters that break other parsers (`:` `@` `[` `]` `%` `#` `/`).
const tricky = fc.constantFrom(':', '@', '[', ']', '%', '#', '/', 'ж', '-', '.', '_');
const plain = fc.constantFrom(...'abcXYZ0189'.split(''));
const password = fc
  .array(fc.oneof(plain, tricky), { minLength: 1, maxLength: 24 })
  .map((chars) => chars.join(''));
// Logins: no colon (it ends the login) and no leading bracket (that opens a [name]); `@` is allowed.
const username = fc
  .array(fc.oneof(plain, fc.constantFrom('@', '.', '_', '-', 'ж')), { minLength: 1, maxLength: 16 })
  .map((chars) => chars.join(''));
const credentials = fc.record({ username, password });
const name = fc
  .array(fc.oneof(plain, fc.constantFrom(' ', '-', '#', ':', '@', 'я')), { minLength: 1, maxLength: 20 })
  .map((chars) => chars.join('').trim())
  .filter((value) => value !== '');

function parsed(line: string, defaultProtocol: ProxyProtocol): ProxyDraft {
  const result = parseProxyLine(line, { defaultProtocol });
  if (result.kind !== 'proxy') throw new Error(`not read back: ${JSON.stringify(line)} (${result.kind})`);
  return result.proxy;
}

/** The one documented ambiguity: a dotted login whose password starts with `digits:` reads as host:port:… */
function isAmbiguousAuthForm(creds: { username: string; password: string }): boolean {
  const looksLikeAddress = /[.]/.test(creds.username) || /^\d+$/.test(creds.username);
  return looksLikeAddress && normalizeProxyHost(creds.username) !== null && /^\d{1,5}:/.test(creds.password);
}

describe('parse(format(p)) = p', () => {
  it('ip_port', () => {
    fc.assert(
      fc.property(host, port, protocol, (h, p, proto) => {
        const proxy: ProxyDraft = { protocol: proto, host: h, port: p, credentials: null, name: null };
        expect(parsed(formatProxy(proxy, 'ip_port'), proto)).toEqual(proxy);
      }),
      { numRuns: 500 },
    );
  });

  it('ip_port_auth', () => {
    fc.assert(
      fc.property(host, port, protocol, credentials, (h, p, proto, creds) => {
        const proxy: ProxyDraft = { protocol: proto, host: h, port: p, credentials: creds, name: null };
        expect(parsed(formatProxy(proxy, 'ip_port_auth'), proto)).toEqual(proxy);
      }),
      { numRuns: 1000 },
    );
  });

  it('auth_ip_port', () => {
    fc.assert(
      fc.property(host, port, protocol, credentials, (h, p, proto, creds) => {
        fc.pre(!isAmbiguousAuthForm(creds));
        const proxy: ProxyDraft = { protocol: proto, host: h, port: p, credentials: creds, name: null };
        expect(parsed(formatProxy(proxy, 'auth_ip_port'), proto)).toEqual(proxy);
      }),
      { numRuns: 1000 },
    );
  });

  it('a custom template carrying protocol, credentials and name', () => {
    const template = compileProxyTemplate('[{name}] {protocol}://{ip}:{port}:{login}:{pass}');
    if (!template.ok) throw new Error(template.error.en);
    fc.assert(
      fc.property(
        host,
        port,
        protocol,
        fc.option(credentials, { nil: null }),
        name,
        (h, p, proto, creds, n) => {
          const proxy: ProxyDraft = { protocol: proto, host: h, port: p, credentials: creds, name: n };
          const line = creds ? template.render(proxy) : template.render(proxy).replace(/::$/, '');
          expect(parsed(line, ProxyProtocol.Http)).toEqual(proxy);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

// 3,000 runs each, all CPU: about a second alone, over 15 s beside the server suites on a loaded 2-core machine.
describe('the parser never throws', { timeout: 60_000 }, () => {
  it('on arbitrary strings, lines and lists', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const line = parseProxyLine(text);
        expect(['proxy', 'invalid', 'skip']).toContain(line.kind);
        const list = parseProxyList(text);
        const lineCount = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/).length;
        expect(list.proxies.length + list.invalid.length + list.duplicates.length).toBeLessThanOrEqual(
          lineCount,
        );
      }),
      { numRuns: 3000 },
    );
  });

  it('on strings built from proxy-like pieces', () => {
    const piece = fc.constantFrom(
      '1.2.3.4',
      ':',
      '@',
      '[',
      ']',
      '::1',
      '80',
      'user',
      'http://',
      'socks5h://',
      ' ',
      '%',
      '\r',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const result = parseProxyLine(pieces.join(''));
        if (result.kind === 'proxy') {
          expect(result.proxy.port).toBeGreaterThanOrEqual(1);
          expect(normalizeProxyHost(result.proxy.host)).toBe(result.proxy.host);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
