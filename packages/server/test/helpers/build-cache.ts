import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server package's folder. */
export const SERVER = fileURLToPath(new URL('../../', import.meta.url));
/** Files the tests build from the sources (server bundles, the migrated database), kept between runs. */
export const CACHE = join(SERVER, 'node_modules/.cache');

/** A short hash of `seed` and every file under `sources` (files and folders), by path and contents. */
export function sourcesHash(seed: string, sources: string[]): string {
  const hash = createHash('sha256').update(seed).update('\0');
  const walk = (path: string) => {
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path).sort()) walk(join(path, entry));
    } else if (stat.isFile()) {
      hash.update(relative(SERVER, path)).update('\0').update(readFileSync(path)).update('\0');
    }
  };
  for (const source of sources) walk(source);
  return hash.digest('hex').slice(0, 16);
}

/**
 * A file or folder of the cache (a bundle split into files): ready when built before, else built into `partial`
 * and then `publish`ed.
 */
export interface CacheEntry {
  prefix: string;
  folder: string;
  file: string;
  ready: boolean;
  partial: string;
}

/** Partial files of this process so far: two builds in one millisecond still write apart. */
let partials = 0;

/**
 * `<folder>/<prefix><hash><suffix>` (`folder` is `CACHE` unless another package's bundle must resolve that
 * package's dependencies), and whether it is there yet.
 */
export function cacheEntry(prefix: string, hash: string, suffix: string, folder = CACHE): CacheEntry {
  const file = join(folder, `${prefix}${hash}${suffix}`);
  mkdirSync(folder, { recursive: true });
  return {
    prefix,
    folder,
    file,
    ready: exists(file),
    partial: `${file}.${process.pid}.${Date.now()}.${++partials}.partial`,
  };
}

/**
 * Moves a built file or folder into place. Workers and suites may build at once: each writes its own partial one
 * and renames it into place (same content), so a reader never sees half of it; a folder another build put in place
 * first stays, and this build's copy goes. Entries of the same prefix a day old (earlier sources, a crashed build's
 * partial one) go.
 */
export function publish(entry: CacheEntry): string {
  try {
    renameSync(entry.partial, entry.file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if ((code !== 'ENOTEMPTY' && code !== 'EEXIST') || !exists(entry.file)) throw error;
    rmSync(entry.partial, { recursive: true, force: true });
  }
  removeOlder(entry.folder, entry.prefix, entry.file);
  return entry.file;
}

function removeOlder(folder: string, prefix: string, keep: string): void {
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const entry of readdirSync(folder)) {
    const path = join(folder, entry);
    if (!entry.startsWith(prefix) || path === keep) continue;
    try {
      if (statSync(path).mtimeMs < dayAgo) rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed by another run meanwhile.
    }
  }
}

function exists(path: string): boolean {
  try {
    const stat = statSync(path);
    return stat.isFile() || stat.isDirectory();
  } catch {
    return false;
  }
}
