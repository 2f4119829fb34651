/**
 * `maFiles/manifest.json` of SDA and of steamguard-cli: which files are encrypted, with which scheme, salt and IV.
 * SDA writes `encryption_iv`/`encryption_salt` per entry (always its PBKDF2 scheme); steamguard-cli's manifest v1
 * writes `encryption: { iv, salt, scheme }` per entry (`LegacySdaCompatible` or `Argon2idAes256`), or null.
 */
import { parseJsonLossless } from './lossless-json.ts';

/** The encryption schemes a manifest may name. */
export type MafileEncryptionScheme = 'legacySda' | 'argon2idAes256';

export interface SdaManifestEntry {
  fileName: string;
  steamId: string | null;
  accountName: string | null;
  salt: string | null;
  iv: string | null;
  /** The scheme the entry names; null when it names none (SDA, or plain), `unknown` for a name not known here. */
  scheme: MafileEncryptionScheme | 'unknown' | null;
}

export interface SdaManifest {
  /** `sda` (no version field) or `steamguardCli` (manifest v1). */
  format: 'sda' | 'steamguardCli';
  encrypted: boolean;
  entries: SdaManifestEntry[];
}

const SCHEMES: Record<string, MafileEncryptionScheme> = {
  LegacySdaCompatible: 'legacySda',
  Argon2idAes256: 'argon2idAes256',
};

export function isManifestFileName(fileName: string): boolean {
  return baseName(fileName).toLowerCase() === 'manifest.json';
}

export function baseName(path: string): string {
  const parts = path.split(/[\\/]/);
  return parts[parts.length - 1] ?? path;
}

export function directoryOf(path: string): string {
  const index = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return index < 0 ? '' : path.slice(0, index);
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

const idText = (value: unknown): string | null =>
  typeof value === 'number' || (typeof value === 'string' && value.trim() !== '')
    ? String(value).trim()
    : null;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Parses a manifest; null when the text is not an SDA or steamguard-cli manifest. */
export function parseSdaManifest(content: string): SdaManifest | null {
  let data: unknown;
  try {
    data = parseJsonLossless(content.replace(/^\uFEFF/, ''));
  } catch {
    return null;
  }
  if (!isRecord(data) || !Array.isArray(data.entries)) return null;
  const format = data.version === undefined ? 'sda' : 'steamguardCli';
  const entries: SdaManifestEntry[] = [];
  for (const item of data.entries) {
    if (!isRecord(item)) continue;
    const fileName = text(item.filename);
    if (!fileName) continue;
    entries.push({
      fileName,
      steamId: idText(item.steamid ?? item.steam_id),
      accountName: text(item.account_name),
      ...encryptionOf(item),
    });
  }
  const encrypted = data.encrypted === true || entries.some((entry) => entry.scheme !== null);
  return { format, encrypted, entries };
}

function encryptionOf(entry: Record<string, unknown>): Pick<SdaManifestEntry, 'salt' | 'iv' | 'scheme'> {
  if (isRecord(entry.encryption)) {
    const name = text(entry.encryption.scheme);
    return {
      salt: text(entry.encryption.salt),
      iv: text(entry.encryption.iv),
      // steamguard-cli's own default when the field is absent is the SDA-compatible scheme.
      scheme: name === null ? 'legacySda' : (SCHEMES[name] ?? 'unknown'),
    };
  }
  return { salt: text(entry.encryption_salt), iv: text(entry.encryption_iv), scheme: null };
}

/** The entry for a file, matched by name case-insensitively (SDA writes `<steamid>.maFile`). */
export function findManifestEntry(manifest: SdaManifest, fileName: string): SdaManifestEntry | null {
  const wanted = baseName(fileName).toLowerCase();
  return manifest.entries.find((entry) => baseName(entry.fileName).toLowerCase() === wanted) ?? null;
}
