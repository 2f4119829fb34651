import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { masterKeyAtStart } from '../../src/security/master-key.ts';
import { StartupError } from '../../src/startup-error.ts';
import { spawnServer } from '../helpers/spawn-server.ts';
import { type ThrowAwayPostgres, throwAwayPostgres } from '../hubs/postgres-cluster.ts';

// Where the master key comes from, checked at every start: a live server whose key sits in a file beside its data
// says so each time; with TRADEDECK_REQUIRE_MASTER_KEY=1 and no TRADEDECK_MASTER_KEY it does not start at all.
const dir = mkdtempSync(join(tmpdir(), 'tradedeck-key-start-'));
let postgres: ThrowAwayPostgres;
beforeAll(async () => {
  const found = await throwAwayPostgres();
  if ('unavailable' in found) throw new Error(found.unavailable);
  postgres = found;
}, 120_000);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await postgres?.stop();
}, 60_000);

const live = { mode: 'live' as const, masterKey: null, databaseUrl: null, dataDir: '/srv/tradedeck' };

describe('the master key at start', () => {
  it('refuses to start, exit code 2, naming the variable, before it touches the data directory', async () => {
    const dataDir = join(dir, 'required');
    const server = spawnServer({ TRADEDECK_DATA_DIR: dataDir, TRADEDECK_REQUIRE_MASTER_KEY: '1' });
    expect(await server.exited).toBe(2);
    expect(server.output().trim()).toBe(
      'tradedeck-server: TRADEDECK_REQUIRE_MASTER_KEY is on but TRADEDECK_MASTER_KEY is not set: set ' +
        'TRADEDECK_MASTER_KEY to the base64 of 32 random bytes (openssl rand -base64 32), kept apart from the ' +
        'database and its backups',
    );
    expect(existsSync(join(dataDir, 'master.key'))).toBe(false);
  }, 60_000);

  it('warns a live server with the key file beside the database, not one given the key or in sandbox mode', () => {
    expect(masterKeyAtStart(live)).toBe(
      'TRADEDECK_MASTER_KEY is not set: the master key sits in /srv/tradedeck/master.key, beside the database, so a ' +
        'copy of the data directory opens every stored secret. Set TRADEDECK_MASTER_KEY and keep it apart from the ' +
        'data and its backups (TRADEDECK_REQUIRE_MASTER_KEY=1 then refuses to start without it)',
    );
    expect(masterKeyAtStart({ ...live, databaseUrl: 'postgres://db/tradedeck' })).toMatch(
      /master\.key, on this machine/,
    );
    expect(masterKeyAtStart({ ...live, masterKey: 'k1:AAAA' })).toBeNull();
    expect(masterKeyAtStart({ ...live, mode: 'sandbox' })).toBeNull();
    // A throw-away embedded database with its throw-away key.
    expect(masterKeyAtStart({ ...live, dataDir: 'memory://' })).toBeNull();
    expect(() => masterKeyAtStart({ ...live, mode: 'sandbox', requireMasterKey: true })).toThrow(
      StartupError,
    );
  });

  it('logs the warning at every start of a live server on Postgres', async () => {
    // On Postgres (a start migrates in seconds there); the key file is kept in the data directory all the same.
    const env = {
      TRADEDECK_MODE: 'live',
      DATABASE_URL: postgres.url,
      TRADEDECK_DATA_DIR: join(dir, 'live'),
      LOG_FORMAT: 'json',
    };
    for (const round of [1, 2]) {
      const server = spawnServer(env);
      await server.ready;
      expect(await server.stop(), `round ${round}`).toBe(0);
      const warnings = server
        .output()
        .split('\n')
        .filter((line) =>
          line.includes(`the master key sits in ${join(dir, 'live', 'master.key')}, on this machine`),
        );
      expect(warnings, `round ${round}`).toHaveLength(1);
      expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40 });
    }
  }, 180_000);
});
