import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { loadKeyring } from '../../src/security/master-key.ts';
import { enableTotp } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import type { SpawnedServer } from '../helpers/spawn-server.ts';
import { pollUntil, seedFromTemplate } from '../helpers/spawned-api.ts';
import {
  keysByMasterKey,
  movableClock,
  opsTestBed,
  seedUsersWithKeys,
  signInWithAuthenticator,
  startPanel,
} from './rotation-helpers.ts';

// Master-key rotation on the embedded database with the key in `<data dir>/master.key`: the command adds a new key in
// front of the old one, is killed (SIGKILL) after its first batch, and a second run finishes the rotation begun,
// verifies every data key and retires the old key; the server then opens the user's authenticator secret.
const USERS = 1000;

const bed = opsTestBed('tradedeck-rotate-');
const { dir, smtp } = bed;
const dataDir = join(dir, 'data');
const keyFile = join(dataDir, 'master.key');

function rotate(): SpawnedServer {
  return bed.command({ TRADEDECK_DATA_DIR: dataDir }, ['rotate-master-key']);
}

const keyIdsInFile = () =>
  readFileSync(keyFile, 'utf8')
    .trim()
    .split(',')
    .map((entry) => entry.split(':')[0]);

describe('rotate-master-key with the key file', () => {
  it('is resumed after a kill -9 and leaves the new key alone in the file', async () => {
    const clock = movableClock();
    const start = async () => {
      const panel = await startPanel(
        { databaseUrl: null, dataDir, masterKey: null },
        smtp,
        bed.smtpUrl,
        clock,
      );
      bed.servers.push(panel.server);
      return panel;
    };
    // From the run's migrated template: a first start on an empty directory is `db/pglite-first-start.test.ts`'s.
    seedFromTemplate(dataDir);
    const before = await start();
    const user = await signedInUser(before.t, 'rotor');
    await enableTotp(before.t, user);
    await seedUsersWithKeys(before.server.database.db, loadKeyring(null, dataDir), USERS - 1);
    await before.server.stop();
    expect(keyIdsInFile()).toEqual(['k1']);

    const first = rotate();
    await pollUntil(async () => /re-wrapped \d+ data keys \(/.test(first.output()), 40_000);
    first.child.kill('SIGKILL');
    await first.exited;
    // Killed between batches: the file names the new key first and still holds the old one.
    expect(keyIdsInFile()).toEqual(['k2', 'k1']);
    const database = await openDatabase({ databaseUrl: null, dataDir });
    const halfway = await keysByMasterKey(database.db).finally(() => database.close());
    expect(halfway.k1).toBeGreaterThan(0);
    expect(halfway.k2).toBeGreaterThan(0);

    const second = rotate();
    expect(await second.exited).toBe(0);
    expect(second.output()).toContain('carrying on with the rotation to master key k2 begun earlier');
    expect(second.output()).toContain(`verified: all ${USERS} data keys open with master key k2 alone`);
    expect(second.output()).toContain('retired master key k1');
    expect(keyIdsInFile()).toEqual(['k2']);

    const after = await start();
    expect(await keysByMasterKey(after.server.database.db)).toEqual({ k2: USERS });
    const signedIn = await signInWithAuthenticator(after.t, user);
    expect(signedIn.accessToken).toBeTruthy();
  }, 300_000);
});
