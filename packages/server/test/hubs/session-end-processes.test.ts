import { afterAll, beforeAll, describe, it } from 'vitest';
import { IN_MEMORY } from '../../src/db/database.ts';
import type { AuthTestApp, TestUser } from '../auth/helpers/auth-app.ts';
import { signedInAdmin, signedInUser } from '../helpers/signed-in.ts';
import { type SpawnedServer, spawnServer } from '../helpers/spawn-server.ts';
import { type ThrowAwayPostgres, throwAwayPostgres } from './postgres-cluster.ts';
import {
  ban,
  changePassword,
  expectClosedForGood,
  logOut,
  revokeSession,
  secondDevice,
  sessionIdOf,
  type WatchedConnection,
  watchConnection,
} from './session-end.ts';
import { authAppOnDatabase, sharedMasterKey } from './shared-database-app.ts';

// Two server processes on one Postgres: the session ends through process A (this one), while its hub connection
// is held by process B (a separate server process). Only the database connects them.
let postgres: ThrowAwayPostgres | null = null;
let unavailable: string | null = null;
let a: AuthTestApp;
let b: SpawnedServer;
let bUrl: string;
let admin: TestUser;
let user: TestUser;
const open: WatchedConnection[] = [];

beforeAll(async () => {
  const found = await throwAwayPostgres();
  if ('unavailable' in found) {
    unavailable = found.unavailable;
    return;
  }
  postgres = found;
  const masterKey = sharedMasterKey();
  // Process A migrates; process B starts on the migrated database with the same master key.
  a = await authAppOnDatabase(postgres.url, masterKey);
  b = spawnServer({
    DATABASE_URL: postgres.url,
    TRADEDECK_DATA_DIR: IN_MEMORY,
    TRADEDECK_MASTER_KEY: masterKey,
  });
  bUrl = await b.ready;
  admin = await signedInAdmin(a);
  user = await signedInUser(a, 'roaming', admin);
}, 120_000);

afterAll(async () => {
  await Promise.all(open.map((w) => w.connection.stop()));
  await b?.stop();
  await a?.close();
  await postgres?.stop();
}, 60_000);

/** A connection on process B for a fresh device session of the user. */
async function deviceOnB(): Promise<{ device: TestUser; watched: WatchedConnection }> {
  const device = await secondDevice(a, user);
  const watched = await watchConnection(bUrl, device.accessToken);
  open.push(watched);
  return { device, watched };
}

describe('an ended session closes its hub connections on another server process', () => {
  it.for([
    ['logout', async (device: TestUser) => logOut(a, device)],
    ['revoke', async (device: TestUser) => revokeSession(a, user, sessionIdOf(device.accessToken))],
    ['password change', async () => changePassword(a, user, `Moved-Harbour-${Date.now() % 1000}!`)],
    ['ban', async () => ban(a, admin, user)],
  ] as const)(
    '%s through process A closes the connection held by process B within a second',
    async ([, end], context) => {
      if (unavailable) {
        console.warn(`multi-process session test not run: ${unavailable}`);
        context.skip();
      }
      const { device, watched } = await deviceOnB();
      await expectClosedForGood(watched, await end(device));
    },
  );
});
