import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { MafileFailureReason, MafileVariant, MafileWarning } from '../../src/domain/index.ts';
import { FIXTURES } from './fixtures.ts';

/** What one corpus file must give when read: the row's login, its exact SteamID (null when unknown), the variant, extras. */
export interface MafileReadCase {
  file: string;
  login: string;
  steamId: string | null;
  variant: MafileVariant;
  /** The file carries the account's password (NebulaAuth). */
  password?: true;
  /** The proxy the file carries, `host:port`, taken when the proxy is read from the file. */
  proxy?: string;
  /** What the reader notes about the file (old session, no identity_secret...), when anything. */
  warnings?: MafileWarning[];
  /** When stated: the revocation code the file carries (null: none). */
  revocationCode?: string | null;
  /** When stated: the Steam Guard code at the corpus's `guardCodeTime`. */
  guardCode?: string;
}

export interface MafileRefusedCase {
  file: string;
  reason: MafileFailureReason;
}

/** One upload of the corpus: a fixture folder sent at once (minus `without`), with the passkey when given. */
export interface MafileUploadCase {
  name: string;
  folder: string;
  without?: string[];
  passkey?: string;
  read: MafileReadCase[];
  refused: MafileRefusedCase[];
}

const cases = JSON.parse(readFileSync(join(FIXTURES, 'mafile-cases.json'), 'utf8')) as {
  passkey: string;
  guardCodeTime: number;
  uploads: MafileUploadCase[];
};

/** The expected outcome of every file of the maFile corpus (fixtures/mafile-cases.json, notes §11 A). */
export const MAFILE_CASES = cases.uploads;
/** The passkey the corpus's encrypted SDA files were sealed with. */
export const MAFILE_PASSKEY = cases.passkey;
/** The Unix time (seconds) the cases' guard codes are stated for. */
export const GUARD_CODE_TIME = cases.guardCodeTime;

/** The Argon2id keys of the corpus by passkey and salt (written by the fixture script with the server's Argon2). */
export const ARGON2ID_KEYS = (
  JSON.parse(readFileSync(join(FIXTURES, 'argon2id-keys.json'), 'utf8')) as {
    keys: { passkey: string; salt: string; key: string }[];
  }
).keys;

/** Every file of a fixture folder, relative to it. */
export function folderFiles(folder: string): string[] {
  const root = join(FIXTURES, folder);
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

/** The absolute paths an upload case sends. */
export function uploadPaths(upload: MafileUploadCase): string[] {
  return folderFiles(upload.folder)
    .filter((name) => !upload.without?.includes(name))
    .map((name) => join(FIXTURES, upload.folder, name));
}
