/**
 * Reads a batch of uploaded files (a folder, an unpacked zip or loose files) into maFiles: plain maFiles of every
 * producer, files encrypted by SDA or steamguard-cli (through their folder's `manifest.json` and a passkey) and
 * WinAuth exports (one `otpauth://` line per account). Every file that cannot be used is reported by name with a
 * reason; one bad file never stops the others.
 */
import { forEachLimited } from '../for-each-limited.ts';
import { utf8Decode } from './bytes.ts';
import {
  DecryptionBudgetSpentError,
  encryptionParamsUsable,
  type MafileDecryptor,
  UnsupportedSchemeError,
  webCryptoDecryptor,
} from './mafile-decryption.ts';
import type { MafileFailureReason } from './messages.ts';
import {
  hasMafileExtension,
  MAX_MAFILE_BYTES,
  type ParsedMafile,
  parseMafileText,
  type ReadMafileOptions,
} from './read-mafile.ts';
import { looksEncrypted } from './sda-encryption.ts';
import {
  directoryOf,
  findManifestEntry,
  isManifestFileName,
  type MafileEncryptionScheme,
  parseSdaManifest,
  type SdaManifest,
} from './sda-manifest.ts';
import { looksLikeWinAuthExport, MAX_WINAUTH_BYTES, readWinAuthExport } from './winauth.ts';

export interface MafileUpload {
  /** File name, optionally with the folder path inside an archive (`maFiles/123.maFile`). */
  name: string;
  content: string | Uint8Array;
}

export interface ExtractMafilesOptions extends ReadMafileOptions {
  /** The SDA or steamguard-cli encryption passkey, needed only for encrypted files. */
  passkey?: string;
  /** How many files are decrypted at once (key derivation is deliberately slow). */
  decryptConcurrency?: number;
  /** Decrypts one file; by default SDA's scheme through Web Crypto (Argon2id needs a decryptor that has it). */
  decrypt?: MafileDecryptor;
  /**
   * Called once, before any decryption, with how many files are about to be decrypted; throwing refuses the
   * upload (a budget of key derivations).
   */
  admitDecryption?: (count: number) => void | Promise<void>;
}

export interface ExtractedMafile {
  fileName: string;
  mafile: ParsedMafile;
  /** The plaintext JSON (decrypted when the upload was encrypted), to be stored encrypted. */
  text: string;
  wasEncrypted: boolean;
}

export interface InvalidMafile {
  fileName: string;
  reason: MafileFailureReason;
}

export interface ExtractMafilesResult {
  extracted: ExtractedMafile[];
  invalid: InvalidMafile[];
}

type Outcome = { ok: true; item: ExtractedMafile } | { ok: false; failure: InvalidMafile };

interface DecryptJob {
  index: number;
  name: string;
  body: string;
  scheme: MafileEncryptionScheme;
  salt: string;
  iv: string;
}

export async function extractMafiles(
  uploads: readonly MafileUpload[],
  options: ExtractMafilesOptions = {},
): Promise<ExtractMafilesResult> {
  const manifests = new Map<string, SdaManifest>();
  const outcomes: (Outcome | null)[] = [];
  const encrypted: { index: number; name: string; body: string }[] = [];

  for (const upload of uploads) {
    if (isManifestFileName(upload.name)) {
      const manifest = parseSdaManifest(asText(upload.content));
      if (manifest) manifests.set(directoryOf(upload.name), manifest);
      else outcomes.push({ ok: false, failure: { fileName: upload.name, reason: 'badManifest' } });
      continue;
    }
    if (!hasMafileExtension(upload.name)) {
      outcomes.push(...readOtherFile(upload, options));
      continue;
    }
    if (byteLength(upload.content) > MAX_MAFILE_BYTES) {
      outcomes.push(fail(upload.name, 'tooLarge'));
      continue;
    }
    const text = asText(upload.content);
    if (looksEncrypted(text)) {
      encrypted.push({ index: outcomes.length, name: upload.name, body: text });
      outcomes.push(null);
      continue;
    }
    outcomes.push(fromText(upload.name, text, false, options));
  }

  const jobs: DecryptJob[] = [];
  for (const file of encrypted) {
    const planned = planDecryption(file, manifests, options);
    if ('failure' in planned) outcomes[file.index] = planned;
    else jobs.push(planned);
  }
  if (jobs.length > 0) await options.admitDecryption?.(jobs.length);
  const decrypt = options.decrypt ?? webCryptoDecryptor();
  await forEachLimited(jobs, options.decryptConcurrency ?? 4, async (job) => {
    outcomes[job.index] = await decryptOne(job, decrypt, options);
  });

  const extracted: ExtractedMafile[] = [];
  const invalid: InvalidMafile[] = [];
  for (const outcome of outcomes) {
    if (!outcome) continue;
    if (outcome.ok) extracted.push(outcome.item);
    else invalid.push(outcome.failure);
  }
  const deduplicated = dropDuplicateAccounts(extracted);
  return { extracted: deduplicated.kept, invalid: [...invalid, ...deduplicated.dropped] };
}

/** A file that is no maFile by name: a WinAuth export (one row per line), or the wrong kind of file. */
function readOtherFile(upload: MafileUpload, options: ReadMafileOptions): Outcome[] {
  if (byteLength(upload.content) > MAX_WINAUTH_BYTES) return [fail(upload.name, 'wrongExtension')];
  const text = asText(upload.content);
  if (!looksLikeWinAuthExport(text)) return [fail(upload.name, 'wrongExtension')];
  return readWinAuthExport(text).map((line) => {
    const name = `${upload.name}#${line.line}`;
    return line.ok ? fromText(name, line.text, false, options) : fail(name, line.reason);
  });
}

/** Pairs an encrypted file with its manifest entry, or names what is missing. */
function planDecryption(
  file: { index: number; name: string; body: string },
  manifests: Map<string, SdaManifest>,
  options: ExtractMafilesOptions,
): DecryptJob | { ok: false; failure: InvalidMafile } {
  const { name } = file;
  // Web uploads lose folders: with one manifest in the batch, it covers every file.
  const manifest =
    manifests.get(directoryOf(name)) ?? (manifests.size === 1 ? [...manifests.values()][0] : undefined);
  if (!manifest) return failure(name, 'encryptedWithoutManifest');
  const entry = findManifestEntry(manifest, name);
  if (!entry) return failure(name, 'missingManifestEntry');
  if (entry.scheme === 'unknown') return failure(name, 'unsupportedEncryption');
  const scheme = entry.scheme ?? 'legacySda';
  if (!entry.salt || !entry.iv || !encryptionParamsUsable(scheme, entry.salt, entry.iv))
    return failure(name, 'manifestEntryIncomplete');
  if (!options.passkey) return failure(name, 'passkeyRequired');
  return { index: file.index, name, body: file.body, scheme, salt: entry.salt, iv: entry.iv };
}

async function decryptOne(
  job: DecryptJob,
  decrypt: MafileDecryptor,
  options: ExtractMafilesOptions,
): Promise<Outcome> {
  let plain: string | null;
  try {
    plain = await decrypt(job, options.passkey ?? '');
  } catch (error) {
    if (error instanceof UnsupportedSchemeError) return fail(job.name, 'unsupportedEncryption');
    if (error instanceof DecryptionBudgetSpentError) return fail(job.name, 'minuteDecryptionLimit');
    throw error;
  }
  if (plain === null) return fail(job.name, 'wrongPasskey');
  return fromText(job.name, plain, true, options);
}

function fromText(name: string, text: string, wasEncrypted: boolean, options: ReadMafileOptions): Outcome {
  const result = parseMafileText(text, options);
  if (!result.ok) return fail(name, result.reason);
  return { ok: true, item: { fileName: name, mafile: result.mafile, text, wasEncrypted } };
}

function fail(fileName: string, reason: MafileFailureReason): Outcome {
  return { ok: false, failure: { fileName, reason } };
}

function failure(fileName: string, reason: MafileFailureReason): { ok: false; failure: InvalidMafile } {
  return { ok: false, failure: { fileName, reason } };
}

/**
 * One file per account (same SteamID, or same login case-insensitively). The newest enrollment
 * (`server_time`) wins; on a tie the first file does.
 */
export function dropDuplicateAccounts(items: readonly ExtractedMafile[]): {
  kept: ExtractedMafile[];
  dropped: InvalidMafile[];
} {
  const kept: ExtractedMafile[] = [];
  const dropped: InvalidMafile[] = [];
  const bySteamId = new Map<string, number>();
  const byLogin = new Map<string, number>();
  for (const item of items) {
    const { steamId, accountName } = item.mafile;
    const login = accountName?.toLowerCase() ?? null;
    const existing =
      (steamId ? bySteamId.get(steamId) : undefined) ?? (login ? byLogin.get(login) : undefined);
    if (existing === undefined) {
      remember(kept.length, item);
      kept.push(item);
      continue;
    }
    const current = kept[existing]!;
    if ((item.mafile.serverTime ?? -1) > (current.mafile.serverTime ?? -1)) {
      dropped.push({ fileName: current.fileName, reason: 'duplicateAccount' });
      kept[existing] = item;
      remember(existing, item);
    } else {
      dropped.push({ fileName: item.fileName, reason: 'duplicateAccount' });
    }
  }
  return { kept, dropped };

  function remember(index: number, item: ExtractedMafile): void {
    if (item.mafile.steamId) bySteamId.set(item.mafile.steamId, index);
    if (item.mafile.accountName) byLogin.set(item.mafile.accountName.toLowerCase(), index);
  }
}

function asText(content: string | Uint8Array): string {
  return typeof content === 'string' ? content : utf8Decode(content);
}

function byteLength(content: string | Uint8Array): number {
  // A string's UTF-16 length bounds its UTF-8 size from below closely enough for a size cap.
  return typeof content === 'string' ? content.length : content.byteLength;
}
