import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineFailureMessages, parseAccountLine, parseAccountLines } from '../../src/domain/index.ts';

describe('account lines (docs/product-shell.md §5)', () => {
  it('login:password', () => {
    expect(parseAccountLine('trader1:s3cret')).toEqual({
      ok: true,
      account: { login: 'trader1', password: 's3cret', proxy: null },
    });
  });

  it('login:password:ip:port', () => {
    expect(parseAccountLine('trader1:s3cret:203.0.113.5:8080')).toEqual({
      ok: true,
      account: {
        login: 'trader1',
        password: 's3cret',
        proxy: { protocol: null, host: '203.0.113.5', port: 8080, username: null, password: null },
      },
    });
  });

  it('login:password:host:port:user:pass, with a domain host', () => {
    const result = parseAccountLine('trader1:s3cret:proxy.example.net:3128:puser:ppass');
    expect(result).toEqual({
      ok: true,
      account: {
        login: 'trader1',
        password: 's3cret',
        proxy: {
          protocol: null,
          host: 'proxy.example.net',
          port: 3128,
          username: 'puser',
          password: 'ppass',
        },
      },
    });
  });

  it('a password may contain colons', () => {
    const result = parseAccountLine('trader1:pa:ss:wo:rd');
    expect(result.ok && result.account.password).toBe('pa:ss:wo:rd');
    const withProxy = parseAccountLine('trader1:pa:ss:10.0.0.1:80');
    expect(withProxy.ok && withProxy.account.password).toBe('pa:ss');
    expect(withProxy.ok && withProxy.account.proxy?.host).toBe('10.0.0.1');
  });

  it.each([
    ['trader1', 'missingPassword'],
    [':pass', 'emptyLogin'],
    ['trader1:', 'emptyPassword'],
    ['trader1:pass:300.1.1.1:8080', 'invalidHost'],
    ['trader1:pass:1.2.3.4:0', 'invalidPort'],
    ['trader1:pass:1.2.3.4:65536', 'invalidPort'],
    ['trader1:pass:1.2.3.4:99999:u:p', 'invalidPort'],
  ])('%s → %s', (line, reason) => {
    expect(parseAccountLine(line)).toEqual({ ok: false, reason });
  });

  it('the host and port messages are the spec texts', () => {
    expect(lineFailureMessages.ru.invalidHost).toBe('Введите корректный IP-адрес или доменное имя');
    expect(lineFailureMessages.ru.invalidPort).toBe('Порт должен быть числом от 1 до 65535');
  });

  it('parses a file: BOM, CRLF, blank lines and comments; errors by line number without the password', () => {
    const result = parseAccountLines('\uFEFFa:1\r\n\r\n# comment\r\nb\r\nc:3:1.2.3.4:70000\r\n');
    expect(result.accounts.map((a) => [a.line, a.login])).toEqual([[1, 'a']]);
    expect(result.errors).toEqual([
      { line: 4, login: 'b', reason: 'missingPassword' },
      { line: 5, login: 'c', reason: 'invalidPort' },
    ]);
    expect(JSON.stringify(result.errors)).not.toContain(':3');
  });

  it('round-trips any login, password and proxy written in the line format (property)', () => {
    const login = fc.stringMatching(/^[A-Za-z0-9_]{1,32}$/);
    const password = fc.stringMatching(/^[!-9;-~]{1,24}$/); // printable ASCII without ':'
    const ip = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((g) => g.join('.'));
    const port = fc.integer({ min: 1, max: 65535 });
    const cred = fc.stringMatching(/^[A-Za-z0-9]{1,12}$/);
    fc.assert(
      fc.property(
        login,
        password,
        fc.option(fc.tuple(ip, port, fc.option(fc.tuple(cred, cred)))),
        (l, p, proxy) => {
          let line = `${l}:${p}`;
          if (proxy) line += `:${proxy[0]}:${proxy[1]}${proxy[2] ? `:${proxy[2][0]}:${proxy[2][1]}` : ''}`;
          const result = parseAccountLine(line);
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          expect(result.account.login).toBe(l);
          expect(result.account.password).toBe(p);
          expect(result.account.proxy?.host ?? null).toBe(proxy ? proxy[0] : null);
          expect(result.account.proxy?.port ?? null).toBe(proxy ? proxy[1] : null);
          expect(result.account.proxy?.username ?? null).toBe(proxy?.[2]?.[0] ?? null);
        },
      ),
    );
  });

  it('never throws on arbitrary text (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const result = parseAccountLines(text);
        expect(result.accounts.length + result.errors.length).toBeLessThanOrEqual(
          text.split(/\r\n|\r|\n/).length,
        );
      }),
    );
  });
});
