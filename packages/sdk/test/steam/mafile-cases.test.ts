import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractMafiles, loginOfMafile } from '../../src/domain/index.ts';
import { folderFiles, MAFILE_CASES, uploadPaths } from './mafile-cases.ts';

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
    ]);
    for (const folder of folders) {
      const files = folderFiles(folder);
      const named = new Set(
        MAFILE_CASES.filter((upload) => upload.folder === folder).flatMap((upload) => [
          ...upload.read.map((item) => item.file),
          ...upload.refused.map((item) => item.file),
          ...(upload.without ?? []),
        ]),
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
      ...(upload.passkey ? { passkey: upload.passkey } : {}),
    });
    expect(
      result.extracted
        .map((item) => ({
          file: item.fileName,
          login: loginOfMafile(item),
          steamId: item.mafile.steamId,
          variant: item.mafile.variant,
          ...(item.mafile.embeddedPassword ? { password: true } : {}),
          ...(item.mafile.embeddedProxy
            ? { proxy: `${item.mafile.embeddedProxy.host}:${item.mafile.embeddedProxy.port}` }
            : {}),
          ...(item.mafile.warnings.length > 0 ? { warnings: [...item.mafile.warnings].sort() } : {}),
        }))
        .sort((a, b) => a.file.localeCompare(b.file)),
    ).toEqual(
      upload.read
        .map((read) => (read.warnings ? { ...read, warnings: [...read.warnings].sort() } : read))
        .sort((a, b) => a.file.localeCompare(b.file)),
    );
    expect(
      result.invalid
        .map((item) => ({ file: item.fileName, reason: item.reason }))
        .sort((a, b) => a.file.localeCompare(b.file)),
    ).toEqual([...upload.refused].sort((a, b) => a.file.localeCompare(b.file)));
  });
});
