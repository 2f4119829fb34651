import { describe, expect, it } from 'vitest';
import {
  decodeBase64,
  decryptSdaMafile,
  deriveSdaKeyBytes,
  encodeBase64,
  encryptSdaMafile,
  extractMafiles,
  looksEncrypted,
} from '../../src/domain/index.ts';
import { PASSKEY, uploadsFrom } from './fixtures.ts';

describe('SDA encryption (notes §3.3)', () => {
  it('derives the known PBKDF2-SHA1 key (50,000 rounds)', async () => {
    const key = await deriveSdaKeyBytes('password', decodeBase64('GMhL0N2hqXg=')!);
    expect(encodeBase64(key)).toBe('KtiRa4/OxW83MlB6URf+Z8rAGj7CBY+pDlwD/NuVo6Y=');
  });

  it('round-trips and refuses a wrong passkey', async () => {
    const plain = '{"shared_secret":"x","account_name":"round_trip"}';
    const sealed = await encryptSdaMafile(plain, 'right');
    expect(looksEncrypted(sealed.body)).toBe(true);
    expect(await decryptSdaMafile(sealed.body, 'right', sealed.salt, sealed.iv)).toBe(plain);
    expect(await decryptSdaMafile(sealed.body, 'wrong', sealed.salt, sealed.iv)).toBeNull();
  });

  it('reads an encrypted SDA folder with its manifest and passkey, plain files in it included', async () => {
    const result = await extractMafiles(uploadsFrom('encrypted/sda'), { passkey: PASSKEY });
    expect(result.invalid).toEqual([]);
    expect(result.extracted.map((item) => [item.mafile.accountName, item.wasEncrypted])).toEqual([
      ['fixture_enc_a', true],
      ['fixture_enc_b', true],
      ['fixture_enc_plain', false],
    ]);
    expect(result.extracted[0]!.mafile.steamId).toBe('76561202255230040');
    expect(result.extracted[0]!.text.startsWith('{')).toBe(true);
  });

  it('finds the manifest when a browser upload flattened the folder', async () => {
    const flat = uploadsFrom('encrypted/sda').map((upload) => ({ ...upload, name: `x/${upload.name}` }));
    const result = await extractMafiles(flat, { passkey: PASSKEY });
    expect(result.extracted).toHaveLength(3);
  });

  it('wrong passkey → wrongPasskey for each encrypted file (the plain one still reads)', async () => {
    const result = await extractMafiles(uploadsFrom('encrypted/sda'), { passkey: 'not-the-passkey' });
    expect(result.invalid.map((item) => item.reason)).toEqual(['wrongPasskey', 'wrongPasskey']);
    expect(result.extracted).toHaveLength(1);
  });

  it('no passkey → passkeyRequired', async () => {
    const result = await extractMafiles(uploadsFrom('encrypted/sda'));
    expect(result.invalid.map((item) => item.reason)).toEqual(['passkeyRequired', 'passkeyRequired']);
  });

  it('encrypted file without manifest.json → encryptedWithoutManifest', async () => {
    const files = uploadsFrom('encrypted/sda').filter((upload) => upload.name !== 'manifest.json');
    const result = await extractMafiles(files, { passkey: PASSKEY });
    expect(result.invalid.map((item) => item.reason)).toEqual([
      'encryptedWithoutManifest',
      'encryptedWithoutManifest',
    ]);
  });

  it('a renamed encrypted file matches no manifest entry → missingManifestEntry', async () => {
    const result = await extractMafiles(uploadsFrom('encrypted/renamed'), { passkey: PASSKEY });
    expect(result.invalid).toEqual([{ fileName: 'fixture_enc_a.maFile', reason: 'missingManifestEntry' }]);
  });

  it('an entry without salt or IV → manifestEntryIncomplete', async () => {
    const result = await extractMafiles(uploadsFrom('encrypted/incomplete'), { passkey: PASSKEY });
    expect(result.invalid.map((item) => item.reason)).toEqual(['manifestEntryIncomplete']);
  });

  it('an entry whose IV is not 16 bytes of base64 → manifestEntryIncomplete, not a passkey error', async () => {
    const files = uploadsFrom('encrypted/sda').map((upload) =>
      upload.name === 'manifest.json'
        ? {
            ...upload,
            content: new TextDecoder()
              .decode(upload.content as Uint8Array)
              .replace(/"encryption_iv": "[^"]+"/, '"encryption_iv": "AAAA"'),
          }
        : upload,
    );
    const result = await extractMafiles(files, { passkey: PASSKEY });
    expect(result.invalid).toEqual([
      { fileName: '76561202255230040.maFile', reason: 'manifestEntryIncomplete' },
    ]);
    expect(result.extracted).toHaveLength(2);
  });

  it('a damaged manifest is reported and its files cannot be decrypted', async () => {
    const result = await extractMafiles(uploadsFrom('encrypted/bad-manifest'), { passkey: PASSKEY });
    expect(result.invalid.map((item) => item.reason).sort()).toEqual([
      'badManifest',
      'encryptedWithoutManifest',
    ]);
  });

  it('plain JSON never looks encrypted; base64 that is not whole AES blocks does not either', () => {
    expect(looksEncrypted('{"a":1}')).toBe(false);
    expect(looksEncrypted('QUJD')).toBe(false);
    expect(looksEncrypted('')).toBe(false);
  });
});
