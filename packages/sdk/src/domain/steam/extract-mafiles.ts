/**
 * Reads a batch of uploaded files (a folder, an unpacked zip or loose files) into maFiles, decrypting SDA
 * files through their `manifest.json` and a passkey. Every file that cannot be used is reported by name
 * with a reason; one bad file never stops the others.
 */
import { decodeBase64, utf8Decode } from './bytes.ts';
import type { MafileFailureReason } from './messages.ts';
import {
  hasMafileExtension,
  MAX_MAFILE_BYTES,
  type ParsedMafile,
  parseMafileText,
  type ReadMafileOptions,
} from './read-mafile.ts';
import { decryptSdaMafile, looksEncrypted, SDA_IV_BYTES } from './sda-encryption.ts';
import {
  directoryOf,
  findManifestEntry,
  isManifestFileName,
  parseSdaManifest,
  type SdaManifest,
} from './sda-manifest.ts';

export interface MafileUpload {
  /** File name, optionally with the folder path inside an archive (`maFiles/123.maFile`). */
  name: string;
  content: string | Uint8Array;
}

export interface ExtractMafilesOptions extends ReadMafileOptions {
  /** The SDA encryption passkey, needed only for encrypted files. */
  passkey?: string;
  /** How many files are decrypted at once (key derivation is deliberately slow). */
  decryptConcurrency?: number;
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
      outcomes.push(fail(upload.name, 'wrongExtension'));
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

  await forEachLimited(encrypted, options.decryptConcurrency ?? 4, async (file) => {
    outcomes[file.index] = await decryptOne(file.name, file.body, manifests, options);
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

async function decryptOne(
  name: string,
  body: string,
  manifests: Map<string, SdaManifest>,
  options: ExtractMafilesOptions,
): Promise<Outcome> {
  // Web uploads lose folders: with one manifest in the batch, it covers every file.
  const manifest =
    manifests.get(directoryOf(name)) ?? (manifests.size === 1 ? [...manifests.values()][0] : undefined);
  if (!manifest) return fail(name, 'encryptedWithoutManifest');
  const entry = findManifestEntry(manifest, name);
  if (!entry) return fail(name, 'missingManifestEntry');
  if (
    !entry.salt ||
    !entry.iv ||
    decodeBase64(entry.iv)?.length !== SDA_IV_BYTES ||
    !decodeBase64(entry.salt)
  )
    return fail(name, 'manifestEntryIncomplete');
  if (!options.passkey) return fail(name, 'passkeyRequired');
  const plain = await decryptSdaMafile(body, options.passkey, entry.salt, entry.iv);
  if (plain === null) return fail(name, 'wrongPasskey');
  return fromText(name, plain, true, options);
}

function fromText(name: string, text: string, wasEncrypted: boolean, options: ReadMafileOptions): Outcome {
  const result = parseMafileText(text, options);
  if (!result.ok) return fail(name, result.reason);
  return { ok: true, item: { fileName: name, mafile: result.mafile, text, wasEncrypted } };
}

function fail(fileName: string, reason: MafileFailureReason): Outcome {
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

async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(Math.max(1, limit), items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(workers);
}
