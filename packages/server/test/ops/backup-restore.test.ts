import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { IN_MEMORY } from '../../src/db/database.ts';
import { entryPaths } from '../../src/ops/tar-filter.ts';
import { enableTotp } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { movableClock, newKey, opsTestBed, signInWithAuthenticator, startPanel } from './rotation-helpers.ts';

// Backups of the embedded database: a running server's copy through /ops/backup, restored by `restore` into a new
// data directory with the master key, where the user signs in with the authenticator (its secret opens); then the
// `backup` command on that stopped directory, holding a key file, leaves the key out of the backup.
const KEY = newKey();
const TOKEN = 'backup-token-0123456789abcdef';

const bed = opsTestBed('tradedeck-backup-');
const { dir, smtp } = bed;

describe('backup and restore of the embedded database', () => {
  it('restores a running server copy with the key, signs in, and keeps the key out of backups', async () => {
    const clock = movableClock();
    const source = await startPanel(
      { databaseUrl: null, dataDir: IN_MEMORY, masterKey: `k1:${KEY}`, backupToken: TOKEN },
      smtp,
      bed.smtpUrl,
      clock,
    );
    bed.servers.push(source.server);
    const user = await signedInUser(source.t, 'keeper');
    await enableTotp(source.t, user);

    const refused = await source.server.app.inject({ method: 'GET', url: '/ops/backup' });
    expect(refused.statusCode).toBe(401);
    const copied = await source.server.app.inject({
      method: 'GET',
      url: '/ops/backup',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(copied.statusCode).toBe(200);
    const running = join(dir, 'running.tar.gz');
    writeFileSync(running, copied.rawPayload);
    await source.server.stop();

    const restoredDir = join(dir, 'restored');
    const restoring = bed.command({ TRADEDECK_DATA_DIR: restoredDir, TRADEDECK_MASTER_KEY: `k1:${KEY}` }, [
      'restore',
      running,
    ]);
    expect(await restoring.exited, restoring.output()).toBe(0);
    expect(restoring.output()).toMatch(/all 1 data keys open with the master key/);

    const restored = await startPanel(
      { databaseUrl: null, dataDir: restoredDir, masterKey: `k1:${KEY}` },
      smtp,
      bed.smtpUrl,
      clock,
    );
    bed.servers.push(restored.server);
    expect((await signInWithAuthenticator(restored.t, user)).accessToken).toBeTruthy();
    await restored.server.stop();

    // The same directory as an instance keeping its key in a file: `backup` leaves the file out.
    writeFileSync(join(restoredDir, 'master.key'), `k1:${KEY}\n`, { mode: 0o600 });
    const stopped = join(dir, 'stopped.tar.gz');
    const backingUp = bed.command({ TRADEDECK_DATA_DIR: restoredDir }, ['backup', stopped]);
    expect(await backingUp.exited, backingUp.output()).toBe(0);
    expect(backingUp.output()).toContain('the master key is not in it');
    const tar = gunzipSync(readFileSync(stopped));
    const paths = entryPaths(tar);
    expect(paths).toContain('PG_VERSION');
    expect(paths.filter((path) => /master\.key|tradedeck\.lock/.test(path))).toEqual([]);
    expect(Buffer.from(tar).includes(Buffer.from(KEY))).toBe(false);

    // Without the key the backup is not restored: its secrets would not open.
    const keyless = bed.command({ TRADEDECK_DATA_DIR: join(dir, 'keyless') }, ['restore', stopped]);
    expect(await keyless.exited).toBe(2);
    expect(keyless.output()).toContain('the backup holds no master key: set TRADEDECK_MASTER_KEY');
  }, 300_000);
});
