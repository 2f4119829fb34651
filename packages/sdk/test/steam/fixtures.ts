import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MafileUpload } from '../../src/domain/index.ts';

export const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** Loads a fixture folder as uploads, names relative to the folder (as an unpacked archive gives them). */
export function uploadsFrom(folder: string): MafileUpload[] {
  const root = join(FIXTURES, folder);
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { name: relative(root, path), content: new Uint8Array(readFileSync(path)) };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function fixtureText(path: string): string {
  return readFileSync(join(FIXTURES, path), 'utf8');
}

export const PASSKEY = 'fixture-passkey';
