/** SDA `maFiles/manifest.json`: which files are encrypted and with which salt and IV. */
import { parseJsonLossless } from './lossless-json.ts';

export interface SdaManifestEntry {
  fileName: string;
  steamId: string | null;
  salt: string | null;
  iv: string | null;
}

export interface SdaManifest {
  encrypted: boolean;
  entries: SdaManifestEntry[];
}

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

/** Parses a manifest; null when the text is not an SDA manifest. */
export function parseSdaManifest(content: string): SdaManifest | null {
  let data: unknown;
  try {
    data = parseJsonLossless(content.replace(/^\uFEFF/, ''));
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null || !Array.isArray((data as { entries?: unknown }).entries))
    return null;
  const raw = data as { encrypted?: unknown; entries: unknown[] };
  const entries: SdaManifestEntry[] = [];
  for (const item of raw.entries) {
    if (typeof item !== 'object' || item === null) continue;
    const entry = item as Record<string, unknown>;
    const fileName = text(entry.filename);
    if (!fileName) continue;
    const steamId = entry.steamid;
    entries.push({
      fileName,
      steamId: typeof steamId === 'number' || typeof steamId === 'string' ? String(steamId) : null,
      salt: text(entry.encryption_salt),
      iv: text(entry.encryption_iv),
    });
  }
  return { encrypted: raw.encrypted === true, entries };
}

/** The entry for a file, matched by name case-insensitively (SDA writes `<steamid>.maFile`). */
export function findManifestEntry(manifest: SdaManifest, fileName: string): SdaManifestEntry | null {
  const wanted = baseName(fileName).toLowerCase();
  return manifest.entries.find((entry) => baseName(entry.fileName).toLowerCase() === wanted) ?? null;
}
