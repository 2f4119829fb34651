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

/** A file of the cache: ready when built before, else built into `partial` and then `publish`ed. */
export interface CacheEntry {
  prefix: string;
  file: string;
  ready: boolean;
  partial: string;
}

/** `CACHE/<prefix><hash><suffix>`, and whether it is there yet. */
export function cacheEntry(prefix: string, hash: string, suffix: string): CacheEntry {
  const file = join(CACHE, `${prefix}${hash}${suffix}`);
  mkdirSync(CACHE, { recursive: true });
  return { prefix, file, ready: exists(file), partial: `${file}.${process.pid}.${Date.now()}.partial` };
}

/**
 * Moves a built file into place. Workers and suites may build at once: each writes its own partial file and
 * renames it into place (same content), so a reader never sees half a file. Files of the same prefix a day old
 * (earlier sources, a crashed build's partial file) go.
 */
export function publish(entry: CacheEntry): string {
  renameSync(entry.partial, entry.file);
  removeOlder(entry.prefix, entry.file);
  return entry.file;
}

function removeOlder(prefix: string, keep: string): void {
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const entry of readdirSync(CACHE)) {
    const path = join(CACHE, entry);
    if (!entry.startsWith(prefix) || path === keep) continue;
    try {
      if (statSync(path).mtimeMs < dayAgo) rmSync(path, { force: true });
    } catch {
      // Removed by another run meanwhile.
    }
  }
}

function exists(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
