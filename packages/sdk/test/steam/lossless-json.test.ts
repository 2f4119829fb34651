import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonLossless, parseMafileText, quoteUnsafeIntegers } from '../../src/domain/index.ts';

describe('lossless JSON', () => {
  it('keeps a 17-digit SteamID that JSON.parse would round', () => {
    const text = '{"Session":{"SteamID":76561198012345679}}';
    const rounded = (JSON.parse(text) as { Session: { SteamID: number } }).Session.SteamID;
    expect(String(rounded)).toBe('76561198012345680');
    expect(parseJsonLossless(text)).toEqual({ Session: { SteamID: '76561198012345679' } });
    expect(Number.isSafeInteger(Number('76561198012345679'))).toBe(false);
  });

  it('reads that SteamID into the maFile exactly', () => {
    const result = parseMafileText(
      '{"shared_secret":"KDHC3rsY8+CmiswnXJcE5e5dRfc=","Session":{"SteamID":76561198012345679}}',
    );
    expect(result.ok && result.mafile.steamId).toBe('76561198012345679');
  });

  it('leaves strings, safe integers, fractions and exponents alone', () => {
    const text =
      '{"a":"76561198012345679","b":1700000000,"c":12345678901234567.5,"d":1e25,"e":-9007199254740993,"f":[9007199254740991]}';
    const c = JSON.parse('12345678901234567.5') as number;
    expect(parseJsonLossless(text)).toEqual({
      a: '76561198012345679',
      b: 1700000000,
      c,
      d: 1e25,
      e: '-9007199254740993',
      f: [9007199254740991],
    });
  });

  it('handles escaped quotes inside strings before a big number', () => {
    expect(parseJsonLossless('{"s":"a\\"b:123456789012345678","n":123456789012345678}')).toEqual({
      s: 'a"b:123456789012345678',
      n: '123456789012345678',
    });
  });

  it('every unsigned 64-bit integer survives exactly (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), fc.string(), (value, note) => {
        const text = `{"note":${JSON.stringify(note)},"id":${value},"list":[${value}]}`;
        const parsed = parseJsonLossless(text) as { note: string; id: unknown; list: unknown[] };
        const exact = Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
        expect(parsed).toEqual({ note, id: exact, list: [exact] });
      }),
    );
  });

  it('does not change text without big integers (property)', () => {
    fc.assert(
      fc.property(fc.json(), (json) => {
        if (!/\d{16}/.test(json)) expect(quoteUnsafeIntegers(json)).toBe(json);
        expect(() => parseJsonLossless(json)).not.toThrow();
      }),
    );
  });
});
