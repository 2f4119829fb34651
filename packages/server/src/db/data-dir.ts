import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { StartupError } from '../startup-error.ts';

/**
 * The data directory holds the database files, their write-ahead log and the master key: only the server's own
 * user may read it. It is created 0700; an existing one that others can open is refused (not silently changed,
 * so an operator learns that it was exposed).
 */
export function prepareDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new StartupError(`The data directory ${dataDir} cannot be created: ${fileErrorReason(error)}`);
  }
  const stats = statSync(dataDir);
  if (!stats.isDirectory()) throw new StartupError(`The data directory ${dataDir} is not a directory`);
  // Windows has no mode bits; its directory rights come from the user profile.
  if (process.platform === 'win32') return;
  const mode = stats.mode & 0o777;
  if ((mode & 0o077) !== 0) {
    throw new StartupError(
      `The data directory ${dataDir} is open to other users (mode ${mode.toString(8).padStart(4, '0')}); ` +
        `run: chmod 700 '${dataDir}'`,
    );
  }
}

/** The reason of a failed file operation in words an operator acts on. */
export function fileErrorReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'EROFS':
      return 'the file system is read-only (EROFS)';
    case 'EACCES':
    case 'EPERM':
      return `permission denied for the server's user (${code})`;
    case 'ENOSPC':
      return 'the disk is full (ENOSPC)';
    case 'ENOTDIR':
      return 'a part of the path is a file (ENOTDIR)';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Takes group and other rights off everything under the data directory. The embedded database unpacks its first
 * files with mode 0666 whatever the umask; they sit inside the 0700 directory, and are made private here too.
 */
export function tightenDataDirFiles(dataDir: string): void {
  if (process.platform === 'win32') return;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isSymbolicLink()) continue;
      const mode = lstatSync(path).mode & 0o777;
      if ((mode & 0o077) !== 0) chmodSync(path, mode & 0o700);
      if (entry.isDirectory()) walk(path);
    }
  };
  walk(dataDir);
}
