import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { gunzipSync, gzipSync } from 'fflate';
import { ConfigError } from '../config/config.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { MASTER_KEY_FILE } from '../security/master-key.ts';
import { withoutFiles } from './tar-filter.ts';

/**
 * The server's own files in the data directory, never in a backup: the master key (a backup must not open its own
 * secrets; keep the key apart), a key being replaced, and the lock of the process that made the backup.
 */
const NOT_BACKED_UP = new Set([MASTER_KEY_FILE, `${MASTER_KEY_FILE}.next`, 'tradedeck.lock']);

/**
 * A consistent copy of an embedded database, gzipped: PGlite writes its data directory as an archive while no
 * statement runs (its query lock), a copy as a crash would leave it, which Postgres recovers from on its first start.
 */
export async function pgliteBackup(database: Database): Promise<Uint8Array> {
  if (database.kind !== 'pglite') {
    throw new ConfigError(
      'backup copies the embedded database; on Postgres use pg_dump (docs/operations.md, "Backups")',
    );
  }
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  const tar = new Uint8Array(await dump.arrayBuffer());
  return gzipSync(
    withoutFiles(tar, (path) => NOT_BACKED_UP.has(path)),
    { level: 6 },
  );
}

/**
 * Unpacks a backup into a new data directory and brings its schema up to this build. Refuses a directory that
 * already holds a database, and one with no master key to open the backup's secrets.
 */
export async function pgliteRestore(
  backup: Uint8Array,
  target: { dataDir: string; masterKey: string | null },
): Promise<Database> {
  if (existsSync(join(target.dataDir, 'PG_VERSION'))) {
    throw new ConfigError(`restore needs a new data directory: ${target.dataDir} already holds a database`);
  }
  if (!target.masterKey && !existsSync(join(target.dataDir, MASTER_KEY_FILE))) {
    throw new ConfigError(
      `the backup holds no master key: set TRADEDECK_MASTER_KEY, or put the ${MASTER_KEY_FILE} kept apart from ` +
        `the backup into ${target.dataDir} (mode 600), then restore again`,
    );
  }
  let tar: Uint8Array;
  try {
    tar = gunzipSync(backup);
  } catch {
    throw new ConfigError('the file is not a Tradedeck backup (not gzip)');
  }
  mkdirSync(target.dataDir, { recursive: true, mode: 0o700 });
  const database = await openDatabase({
    databaseUrl: null,
    dataDir: target.dataDir,
    // A copy on its own ArrayBuffer: a Blob takes no view of a buffer that may be shared.
    template: new Blob([new Uint8Array(tar)]),
  });
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

export function readBackup(file: string): Uint8Array {
  if (!existsSync(file)) throw new ConfigError(`no such backup file: ${file}`);
  return readFileSync(file);
}
