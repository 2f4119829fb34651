import { describe, expect, it } from 'vitest';
import { parseProxyAssignmentLine, parseProxyAssignments } from '../../src/domain/index.ts';

describe('batch proxy assignment lines (docs/product-shell.md §5)', () => {
  it('account:host:port', () => {
    expect(parseProxyAssignmentLine('trader1:203.0.113.5:8080')).toEqual({
      ok: true,
      account: 'trader1',
      proxy: { protocol: null, host: '203.0.113.5', port: 8080, username: null, password: null },
    });
  });

  it('account:host:port:user:pass, account:user:pass@host:port and a scheme', () => {
    const a = parseProxyAssignmentLine('trader1:203.0.113.5:8080:u:p');
    const b = parseProxyAssignmentLine('trader1:u:p@203.0.113.5:8080');
    expect(a).toEqual(b);
    expect(a.ok && a.proxy).toMatchObject({ username: 'u', password: 'p' });
    const c = parseProxyAssignmentLine('trader1:socks5://203.0.113.5:1080');
    expect(c.ok && c.proxy?.protocol).toBe('socks5');
  });

  it('an empty proxy removes the proxy', () => {
    expect(parseProxyAssignmentLine('trader1:')).toEqual({ ok: true, account: 'trader1', proxy: null });
    expect(parseProxyAssignmentLine('trader1:   ')).toEqual({ ok: true, account: 'trader1', proxy: null });
  });

  it.each([
    ['trader1', 'missingSeparator'],
    [':1.2.3.4:80', 'emptyLogin'],
    ['trader1:1.2.3.4', 'invalidProxyFormat'],
    ['trader1:1.2.3.4:0', 'invalidPort'],
    ['trader1:bad_host:80', 'invalidHost'],
    ['trader1:ftp://1.2.3.4:80', 'invalidProxyFormat'],
  ])('%s → %s', (line, reason) => {
    expect(parseProxyAssignmentLine(line)).toEqual({ ok: false, reason });
  });

  it('parses a file; the last line for an account wins; errors name the account only', () => {
    const result = parseProxyAssignments('a:1.1.1.1:80\nb:\nA:2.2.2.2:81\nc:1.1.1.1:0:user:secret\n');
    expect(result.assignments.map((x) => [x.account, x.proxy?.host ?? null])).toEqual([
      ['b', null],
      ['A', '2.2.2.2'],
    ]);
    expect(result.errors).toEqual([{ line: 4, account: 'c', reason: 'invalidPort' }]);
  });
});
