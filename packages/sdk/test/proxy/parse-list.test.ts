import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProxyListReader, ProxyProtocol, parseProxyList } from '../../src/domain/index.ts';

describe('parseProxyList', () => {
  it('keeps line numbers, lists invalid lines with reasons and reports duplicates', () => {
    const text = [
      '\uFEFF# exported list',
      '1.2.3.4:80',
      '',
      'bad line',
      '1.2.3.4:80 [same proxy, other name]',
      'http://1.2.3.4:80',
      '1.2.3.4:80:u:p',
      '5.6.7.8:99999',
      'socks5://1.2.3.4:80',
    ].join('\r\n');
    const result = parseProxyList(text);
    expect(result.proxies.map((entry) => entry.line)).toEqual([2, 7, 9]);
    expect(result.proxies[2]!.proxy.protocol).toBe(ProxyProtocol.Socks5);
    expect(result.invalid).toEqual([
      { line: 4, text: 'bad line', reason: expect.objectContaining({ code: 'invalid_format' }) },
      { line: 8, text: '5.6.7.8:99999', reason: expect.objectContaining({ code: 'invalid_port' }) },
    ]);
    expect(result.duplicates).toEqual([
      { line: 5, text: '1.2.3.4:80 [same proxy, other name]', firstLine: 2 },
      { line: 6, text: 'http://1.2.3.4:80', firstLine: 2 },
    ]);
  });

  it('applies the default protocol to lines without a scheme', () => {
    const result = parseProxyList('1.2.3.4:1080\nhttp://1.2.3.4:1080', {
      defaultProtocol: ProxyProtocol.Socks5,
    });
    expect(result.proxies.map((entry) => entry.proxy.protocol)).toEqual([
      ProxyProtocol.Socks5,
      ProxyProtocol.Http,
    ]);
    expect(result.duplicates).toEqual([]);
  });

  it('accepts CR-only and LF line ends alike', () => {
    expect(parseProxyList('1.1.1.1:1\r2.2.2.2:2\n3.3.3.3:3').proxies).toHaveLength(3);
  });

  it('handles 100,000 lines', () => {
    const lines = Array.from(
      { length: 100_000 },
      (_, i) => `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}:8080:u${i}:p`,
    );
    const result = parseProxyList(lines.join('\n'));
    expect(result.proxies).toHaveLength(100_000);
    expect(result.invalid).toHaveLength(0);
  });

  it('numbers lines as a split on CRLF, CR and LF does, whatever the breaks and the block size', () => {
    const piece = fc.constantFrom('1.1.1.1:1', '2.2.2.2:2', 'bad', '', '# note', ' 3.3.3.3:3 ', '1.1.1.1:1');
    const lineBreak = fc.constantFrom('\n', '\r', '\r\n', '\n\r', '\r\r\n');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(piece, lineBreak), { maxLength: 30 }),
        piece,
        fc.boolean(),
        fc.integer({ min: 1, max: 4 }),
        (lines, last, bom, block) => {
          const text = (bom ? '\uFEFF' : '') + lines.map(([line, end]) => line + end).join('') + last;
          const expected = text
            .replace(/^\uFEFF/, '')
            .split(/\r\n|\r|\n/)
            .flatMap((raw, index) => {
              const trimmed = raw.trim();
              return trimmed === '' || trimmed.startsWith('#') ? [] : [{ line: index + 1, text: trimmed }];
            });
          const reader = new ProxyListReader(text);
          const read: { line: number; text: string }[] = [];
          while (!reader.done) {
            const result = reader.read(block);
            read.push(...result.proxies, ...result.invalid, ...result.duplicates);
          }
          expect(read.sort((a, b) => a.line - b.line).map(({ line, text }) => ({ line, text }))).toEqual(
            expected,
          );
        },
      ),
    );
  });
});
