import {
  type ExtractMafilesResultWire,
  extractMafiles,
  extractResultToWire,
  type InvalidMafile,
  type MafileUpload,
} from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import type { UploadedFile } from '../../http/multipart.ts';
import { isZipName, readZip } from './zip-reader.ts';

export interface ExtractInput {
  tryExtractProxy: boolean;
  passkey?: string | undefined;
}

/**
 * Reads uploaded maFiles: loose files and the entries of zip archives (named `<archive>/<path>`, so an archive's
 * own `manifest.json` decrypts its own files). The sdk's reader decides every file's fate; this only unpacks.
 */
export async function extractUploadedMafiles(
  files: readonly UploadedFile[],
  input: ExtractInput,
  lang: Language,
): Promise<ExtractMafilesResultWire> {
  const uploads: MafileUpload[] = [];
  const refused: InvalidMafile[] = [];
  for (const file of files) {
    if (!isZipName(file.name)) {
      uploads.push({ name: file.name, content: file.data });
      continue;
    }
    const archive = readZip(file.data);
    if (!archive.ok) {
      refused.push({ fileName: file.name, reason: archive.reason });
      continue;
    }
    for (const entry of archive.entries)
      uploads.push({ name: `${file.name}/${entry.name}`, content: entry.data });
    for (const name of archive.oversized)
      refused.push({ fileName: `${file.name}/${name}`, reason: 'tooLarge' });
  }
  const result = await extractMafiles(uploads, {
    tryExtractProxy: input.tryExtractProxy,
    ...(input.passkey ? { passkey: input.passkey } : {}),
  });
  return extractResultToWire({ extracted: result.extracted, invalid: [...refused, ...result.invalid] }, lang);
}
