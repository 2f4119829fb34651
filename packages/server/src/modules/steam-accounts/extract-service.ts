import {
  type ExtractMafilesResultWire,
  extractMafiles,
  extractResultToWire,
  type InvalidMafile,
  type MafileUpload,
} from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import type { UploadedFile } from '../../http/multipart.ts';
import { type DecryptionPool, mafileDecryptionPool } from './decryption-pool.ts';
import { type MafileUploadBudgets, mafileUploadBudgets } from './upload-budget.ts';
import { type InflateBudget, isZipName, readZip } from './zip-reader.ts';

export interface ExtractInput {
  tryExtractProxy: boolean;
  passkey?: string | undefined;
}

export interface ExtractServices {
  pool: DecryptionPool;
  budgets: MafileUploadBudgets;
}

const SERVER_SERVICES: ExtractServices = { pool: mafileDecryptionPool, budgets: mafileUploadBudgets };

/**
 * Reads uploaded maFiles: loose files and the entries of zip archives (named `<archive>/<path>`, so an archive's
 * own `manifest.json` decrypts its own files). The sdk's reader decides every file's fate; this unpacks within
 * the user's budget and decrypts in the worker pool (SDA's PBKDF2 and steamguard-cli's Argon2id alike).
 */
export async function extractUploadedMafiles(
  files: readonly UploadedFile[],
  input: ExtractInput,
  lang: Language,
  userId: string,
  services: ExtractServices = SERVER_SERVICES,
): Promise<ExtractMafilesResultWire> {
  const { pool, budgets } = services;
  const allowance = budgets.unpackAllowance(userId);
  const inflate: InflateBudget = { remaining: allowance.bytes, used: 0 };
  const uploads: MafileUpload[] = [];
  const refused: InvalidMafile[] = [];
  try {
    for (const file of files) {
      if (!isZipName(file.name)) {
        uploads.push({ name: file.name, content: file.data });
        continue;
      }
      // Once the budget is spent, later archives are named without being opened.
      const archive =
        inflate.remaining > 0
          ? readZip(file.data, undefined, inflate)
          : ({ ok: false, reason: 'budgetSpent' } as const);
      if (!archive.ok) {
        const reason =
          archive.reason !== 'budgetSpent'
            ? archive.reason
            : allowance.binding === 'minute'
              ? 'minuteUnpackLimit'
              : 'uploadUnpackLimit';
        refused.push({ fileName: file.name, reason });
        continue;
      }
      for (const entry of archive.entries)
        uploads.push({ name: `${file.name}/${entry.name}`, content: entry.data });
      for (const name of archive.oversized)
        refused.push({ fileName: `${file.name}/${name}`, reason: 'tooLarge' });
      for (const name of archive.skipped)
        refused.push({ fileName: `${file.name}/${name}`, reason: 'wrongExtension' });
    }
  } finally {
    budgets.chargeUnpacked(userId, inflate.used);
  }
  const result = await extractMafiles(uploads, {
    tryExtractProxy: input.tryExtractProxy,
    ...(input.passkey ? { passkey: input.passkey } : {}),
    decrypt: pool.decryptorFor(budgets.decryptionBudget(userId)),
    decryptConcurrency: pool.concurrencyPerUpload,
    admitDecryption: (count) => budgets.admitEncrypted(userId, count),
  });
  return extractResultToWire({ extracted: result.extracted, invalid: [...refused, ...result.invalid] }, lang);
}
