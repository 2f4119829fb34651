import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decodeBase64,
  type ExtractedMafile,
  encodeBase64,
  extractMafiles,
  generateGuardCode,
  loginOfMafile,
  webCryptoDecryptor,
} from '../../src/domain/index.ts';
import {
  ARGON2ID_KEYS,
  folderFiles,
  GUARD_CODE_TIME,
  MAFILE_CASES,
  type MafileReadCase,
  uploadPaths,
} from './mafile-cases.ts';

/**
 * Argon2id is the server's (the sdk stays browser-safe): here its keys come from the corpus's key list, so the
 * manifest, the scheme, AES and the reading are the sdk's own. A pair the list lacks fails the test.
 */
const decrypt = webCryptoDecryptor(async (passkey, salt) => {
  const found = ARGON2ID_KEYS.find((item) => item.passkey === passkey && item.salt === encodeBase64(salt));
  if (!found) throw new Error(`no Argon2id key listed for ${passkey} / ${encodeBase64(salt)}`);
  return decodeBase64(found.key)!;
});

/** What a read file gives, in the case's terms (codes only where the case states them). */
async function asCase(item: ExtractedMafile, expected: MafileReadCase | undefined) {
  return {
    file: item.fileName,
    login: loginOfMafile(item),
    steamId: item.mafile.steamId,
    variant: item.mafile.variant,
    ...(item.mafile.embeddedPassword ? { password: true } : {}),
    ...(item.mafile.embeddedProxy
      ? { proxy: `${item.mafile.embeddedProxy.host}:${item.mafile.embeddedProxy.port}` }
      : {}),
    ...(item.mafile.warnings.length > 0 ? { warnings: [...item.mafile.warnings].sort() } : {}),
    ...(expected && 'revocationCode' in expected ? { revocationCode: item.mafile.revocationCode } : {}),
    ...(expected?.guardCode !== undefined
      ? { guardCode: await generateGuardCode(item.mafile.sharedSecret, GUARD_CODE_TIME) }
      : {}),
  };
}

/**
 * fixtures/mafile-cases.json states what each corpus file must give; the web e2e suite uploads the same cases
 * through the add wizard. Here the sdk reader is held to it, and the file to the corpus (no file left out).
 */
describe('the maFile corpus cases', () => {
  it('name every file of every corpus folder, each with one expected outcome per upload', () => {
    const folders = [...new Set(MAFILE_CASES.map((upload) => upload.folder))];
    expect(folders.sort()).toEqual([
      'encrypted/bad-manifest',
      'encrypted/incomplete',
      'encrypted/renamed',
      'encrypted/sda',
      'mafiles/duplicates',
      'mafiles/invalid',
      'mafiles/valid',
      'steamguard-cli/argon2',
      'steamguard-cli/argon2-vector',
      'steamguard-cli/legacy',
      'steamguard-cli/plain',
      'steamguard-cli/unknown-scheme',
      'winauth',
    ]);
    for (const folder of folders) {
      const files = folderFiles(folder);
      const named = new Set(
        MAFILE_CASES.filter((upload) => upload.folder === folder)
          .flatMap((upload) => [
            ...upload.read.map((item) => item.file),
            ...upload.refused.map((item) => item.file),
            ...(upload.without ?? []),
          ])
          .map((file) => file.replace(/#\d+$/, '')),
      );
      // An SDA manifest is read with its folder, not listed as a row of its own.
      if (files.includes('manifest.json')) named.add('manifest.json');
      expect([...named].sort(), folder).toEqual(files);
    }
    for (const upload of MAFILE_CASES) {
      const files = [...upload.read, ...upload.refused].map((item) => item.file);
      expect(new Set(files).size, upload.name).toBe(files.length);
    }
  });

  it.each(MAFILE_CASES.map((upload) => [upload.name, upload] as const))('%s', async (_name, upload) => {
    const uploads = uploadPaths(upload).map((path) => ({
      name: basename(path),
      content: new Uint8Array(readFileSync(path)),
    }));
    const result = await extractMafiles(uploads, {
      tryExtractProxy: true,
      decrypt,
      ...(upload.passkey ? { passkey: upload.passkey } : {}),
    });
    const expectedByFile = new Map(upload.read.map((read) => [read.file, read]));
    const read = await Promise.all(
      result.extracted.map((item) => asCase(item, expectedByFile.get(item.fileName))),
    );
    expect(read.sort((a, b) => a.file.localeCompare(b.file))).toEqual(
      upload.read
        .map((item) => (item.warnings ? { ...item, warnings: [...item.warnings].sort() } : item))
        .sort((a, b) => a.file.localeCompare(b.file)),
    );
    expect(
      result.invalid
        .map((item) => ({ file: item.fileName, reason: item.reason }))
        .sort((a, b) => a.file.localeCompare(b.file)),
    ).toEqual([...upload.refused].sort((a, b) => a.file.localeCompare(b.file)));
  });
});
