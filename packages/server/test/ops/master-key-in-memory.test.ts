import { describe, expect, it } from 'vitest';
import { masterKeyAtStart } from '../../src/security/master-key.ts';
import { StartupError } from '../../src/startup-error.ts';
import { spawnServer } from '../helpers/spawn-server.ts';

// A data directory in memory has nowhere to keep a key file: without TRADEDECK_MASTER_KEY its key dies with the
// process. On Postgres the sealed secrets outlive it, so a live server refuses to start (before it opens the
// database: the address below is never reached) and a sandbox one is warned.
const live = { mode: 'live' as const, masterKey: null, databaseUrl: null, dataDir: '/srv/tradedeck' };

describe('the master key of a data directory in memory', () => {
  it('refuses a live server on Postgres whose data directory is in memory, and warns a sandbox one', async () => {
    const onPostgres = { ...live, dataDir: 'memory://', databaseUrl: 'postgres://db/tradedeck' };
    const lost =
      'TRADEDECK_MASTER_KEY is not set and the data directory is in memory: the master key would last as long as ' +
      'this process, so the secrets it seals in Postgres could not be opened after a restart or by another server ' +
      'process.';
    expect(() => masterKeyAtStart(onPostgres)).toThrow(StartupError);
    expect(masterKeyAtStart({ ...onPostgres, mode: 'sandbox' })).toBe(
      `${lost} Set TRADEDECK_MASTER_KEY before storing secrets you mean to keep`,
    );
    expect(masterKeyAtStart({ ...onPostgres, masterKey: 'k1:AAAA' })).toBeNull();

    const server = spawnServer({
      TRADEDECK_MODE: 'live',
      DATABASE_URL: 'postgres://127.0.0.1:9/never-opened',
      TRADEDECK_DATA_DIR: 'memory://',
    });
    expect(await server.exited).toBe(2);
    expect(server.output().trim()).toBe(
      `tradedeck-server: ${lost} Set TRADEDECK_MASTER_KEY to the base64 of 32 random bytes ` +
        '(openssl rand -base64 32), kept apart from the database and its backups',
    );
  }, 60_000);
});
