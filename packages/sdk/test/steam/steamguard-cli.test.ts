import { describe, expect, it } from 'vitest';
import {
  decodeBase32,
  extractMafiles,
  parseSdaManifest,
  readOtpauthLine,
  webCryptoDecryptor,
} from '../../src/domain/index.ts';
import { uploadsFrom } from './fixtures.ts';

describe('steamguard-cli manifest v1', () => {
  it('reads each entry: file, exact SteamID, login and the scheme it names', () => {
    const manifest = parseSdaManifest(
      '{"version":1,"entries":[{"filename":"a.maFile","steam_id":76561202255230054,"account_name":"a",' +
        '"encryption":{"iv":"AAAAAAAAAAAAAAAAAAAAAA==","salt":"GMhL0N2hqXg=","scheme":"Argon2idAes256"}},' +
        '{"filename":"b.maFile","steam_id":76561202255230055,"account_name":"b","encryption":null},' +
        '{"filename":"c.maFile","steam_id":1,"account_name":"c","encryption":{"iv":"x","salt":"y"}}]}',
    );
    expect(manifest?.format).toBe('steamguardCli');
    expect(manifest?.encrypted).toBe(true);
    expect(
      manifest?.entries.map((entry) => [entry.fileName, entry.steamId, entry.accountName, entry.scheme]),
    ).toEqual([
      ['a.maFile', '76561202255230054', 'a', 'argon2idAes256'],
      ['b.maFile', '76561202255230055', 'b', null],
      // No scheme named: steamguard-cli's own default, the SDA-compatible one.
      ['c.maFile', '1', 'c', 'legacySda'],
    ]);
  });

  it('an SDA manifest stays SDA: its entries name no scheme and decrypt with PBKDF2', () => {
    const manifest = parseSdaManifest(
      '{"encrypted":true,"entries":[{"filename":"1.maFile","steamid":1,"encryption_iv":"i","encryption_salt":"s"}]}',
    );
    expect(manifest).toMatchObject({ format: 'sda', encrypted: true });
    expect(manifest?.entries[0]).toMatchObject({ salt: 's', iv: 'i', scheme: null });
  });

  it('without an Argon2id derivation an Argon2id folder is refused by name, never guessed at', async () => {
    const result = await extractMafiles(uploadsFrom('steamguard-cli/argon2'), {
      passkey: 'fixture-passkey',
      decrypt: webCryptoDecryptor(),
    });
    expect(result.extracted).toEqual([]);
    expect(result.invalid.map((item) => item.reason)).toEqual([
      'unsupportedEncryption',
      'unsupportedEncryption',
    ]);
  });

  it('asks its admission once with the number of files to decrypt, and a refusal stops before any decryption', async () => {
    const counts: number[] = [];
    let decrypted = 0;
    const decrypt = async () => {
      decrypted += 1;
      return null;
    };
    await extractMafiles(uploadsFrom('steamguard-cli/legacy'), {
      passkey: 'x',
      decrypt,
      admitDecryption: (count) => void counts.push(count),
    });
    expect(counts).toEqual([2]);
    expect(decrypted).toBe(2);
    await expect(
      extractMafiles(uploadsFrom('steamguard-cli/legacy'), {
        passkey: 'x',
        decrypt,
        admitDecryption: () => {
          throw new Error('over budget');
        },
      }),
    ).rejects.toThrow('over budget');
    expect(decrypted).toBe(2);
    // Nothing to decrypt (no passkey): no admission asked.
    await extractMafiles(uploadsFrom('steamguard-cli/legacy'), {
      admitDecryption: (count) => void counts.push(count),
    });
    expect(counts).toEqual([2]);
  });
});

describe('WinAuth otpauth:// lines', () => {
  it('decodes base32 (RFC 4648), case and padding ignored', () => {
    expect([...decodeBase32('MZXW6YTBOI======')!]).toEqual([...new TextEncoder().encode('foobar')]);
    expect([...decodeBase32('mzxw6ytboi')!]).toEqual([...new TextEncoder().encode('foobar')]);
    expect(decodeBase32('not*base32')).toBeNull();
  });

  it('a line without data yields the shared secret and the login of its label', () => {
    const text = readOtpauthLine(
      'otpauth://totp/Steam:some%20login?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&digits=5&issuer=Steam',
    );
    expect(typeof text).toBe('string');
    expect(JSON.parse(text as string)).toEqual({
      shared_secret: 'MTIzNDU2Nzg5MDEyMzQ1Njc4OTA=',
      account_name: 'some login',
    });
  });

  it('names what is wrong with a line', () => {
    expect(readOtpauthLine('otpauth://hotp/Steam:x?secret=AAAA&issuer=Steam')).toEqual({
      reason: 'badOtpauthLine',
    });
    expect(readOtpauthLine('otpauth://totp/Steam:x?issuer=Steam')).toEqual({ reason: 'missingSharedSecret' });
    expect(readOtpauthLine('otpauth://totp/Steam:x?secret=AAAA&issuer=Steam')).toEqual({
      reason: 'badSharedSecret',
    });
    expect(readOtpauthLine('otpauth://totp/Steam:x?secret=AAAA&issuer=Steam&data=%7Bnope')).toEqual({
      reason: 'badOtpauthLine',
    });
  });
});
