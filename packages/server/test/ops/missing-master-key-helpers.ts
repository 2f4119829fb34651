import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ServerConfig } from '../../src/config/config.ts';
import type { Db } from '../../src/db/database.ts';
import { userKeys } from '../../src/db/schema.ts';
import { enableTotp } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { movableClock, type opsTestBed, signInWithAuthenticator, startPanel } from './rotation-helpers.ts';

// A start with no master key (no TRADEDECK_MASTER_KEY, no key file beside the data) on a database whose data keys a
// key wraps used to make a new key file, after which none of the sealed secrets opened. It is refused now, in one
// line naming the variable and the file, with nothing written; with the key back the server starts and they open.
type Bed = ReturnType<typeof opsTestBed>;

const wrappedKeys = (db: Db) =>
  db
    .select({ userId: userKeys.userId, wrappedKey: userKeys.wrappedKey })
    .from(userKeys)
    .orderBy(asc(userKeys.userId));

/**
 * Populates a database whose key sits in the key file, moves the file away, checks that a start is refused with
 * nothing written, puts the file back and signs in with the authenticator (its sealed secret opens).
 */
export async function refusedWithoutKeyThenOpens(
  bed: Bed,
  name: string,
  databaseUrl: string | null,
  prepare: (dataDir: string) => Promise<void> = async () => {},
) {
  const dataDir = join(bed.dir, name);
  await prepare(dataDir);
  const config: Partial<ServerConfig> = { databaseUrl, dataDir, masterKey: null };
  const clock = movableClock();
  const first = await startPanel(config, bed.smtp, bed.smtpUrl, clock);
  bed.servers.push(first.server);
  const keyFile = join(dataDir, 'master.key');
  // A new database without a key gets its key file.
  expect(existsSync(keyFile)).toBe(true);
  const user = await signedInUser(first.t, 'keyholder');
  await enableTotp(first.t, user);
  const before = await wrappedKeys(first.server.database.db);
  expect(before.length).toBeGreaterThan(0);
  await first.server.stop();

  const keptApart = join(bed.dir, `${name}.master.key`);
  renameSync(keyFile, keptApart);
  const env: Record<string, string> = { TRADEDECK_DATA_DIR: dataDir, TRADEDECK_MASTER_KEY: '' };
  if (config.databaseUrl) env.DATABASE_URL = config.databaseUrl;
  const refused = bed.command(env, []);
  const outcome = await Promise.race([
    refused.exited,
    refused.ready.then(
      () => 'started',
      () => 'exited',
    ),
  ]);
  expect(outcome, refused.output()).toBe(2);
  expect(refused.output().trim()).toBe(
    `tradedeck-server: The database holds secrets sealed under a master key, but no master key was found: ` +
      `TRADEDECK_MASTER_KEY is not set and ${keyFile} does not exist. A new key would open none of them: set ` +
      `TRADEDECK_MASTER_KEY to this database's key, or put its master.key back in ${dataDir}, then start the ` +
      'server again',
  );
  expect(existsSync(keyFile)).toBe(false);

  renameSync(keptApart, keyFile);
  const again = await startPanel(config, bed.smtp, bed.smtpUrl, clock);
  bed.servers.push(again.server);
  expect(await wrappedKeys(again.server.database.db)).toEqual(before);
  expect((await signInWithAuthenticator(again.t, user)).accessToken).toBeTruthy();
  await again.server.stop();
}
