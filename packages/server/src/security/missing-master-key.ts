import { existsSync } from 'node:fs';
import type { ServerConfig } from '../config/config.ts';
import { type Db, IN_MEMORY } from '../db/database.ts';
import { StartupError } from '../startup-error.ts';
import { MASTER_KEY_FILE, masterKeyFile } from './master-key.ts';
import { UserKeysRepo } from './user-keys-repo.ts';

/**
 * Refuses a start that would make a new master key for a database whose data keys another key wraps: with no
 * TRADEDECK_MASTER_KEY and no key file, the key file would be created afresh and none of the sealed secrets would
 * open again (a key file lost, or a data directory restored without it). Runs before migrations, so a refused start
 * writes nothing: neither a key file nor a migration.
 */
export async function refuseNewKeyOverSealedData(
  config: Pick<ServerConfig, 'masterKey' | 'dataDir'>,
  db: Db,
): Promise<void> {
  if (config.masterKey || config.dataDir === IN_MEMORY) return;
  const file = masterKeyFile(config.dataDir);
  if (existsSync(file)) return;
  if (!(await new UserKeysRepo(db).anyKept())) return;
  throw new StartupError(
    `The database holds secrets sealed under a master key, but no master key was found: TRADEDECK_MASTER_KEY is ` +
      `not set and ${file} does not exist. A new key would open none of them: set TRADEDECK_MASTER_KEY to this ` +
      `database's key, or put its ${MASTER_KEY_FILE} back in ${config.dataDir}, then start the server again`,
  );
}
