import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_MEMORY } from '../../src/db/database.ts';
import { loadKeyring, MASTER_KEY_FILE } from '../../src/security/master-key.ts';
import { rotateMasterKey } from '../../src/security/rotate-master-key.ts';
import { StartupError } from '../../src/startup-error.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { seedUsersWithKeys } from './rotation-helpers.ts';

// `rotate-master-key` and `rewrap-keys` load the key through the server's one loader (security/master-key.ts
// `loadKeyring`) with the start's own check before it: a key file missing beside sealed data is refused, not made
// afresh, and a data directory in memory never becomes a directory named "memory:" holding a key.
const dir = mkdtempSync(join(tmpdir(), 'tradedeck-rotate-loader-'));
let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await testDb?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the master key of the key commands', () => {
  it('refuses to rotate data keys whose key file is gone, and writes no new key file', async () => {
    const dataDir = join(dir, 'lost');
    await seedUsersWithKeys(testDb.database.db, loadKeyring(null, dataDir), 3);
    const keyFile = join(dataDir, MASTER_KEY_FILE);
    rmSync(keyFile);
    const said: string[] = [];
    const rotation = rotateMasterKey(testDb.database.db, {
      masterKey: null,
      dataDir,
      say: (line) => said.push(line),
    });
    await expect(rotation).rejects.toThrow(StartupError);
    await expect(rotation).rejects.toThrow(
      `no master key was found: TRADEDECK_MASTER_KEY is not set and ${keyFile} does not exist`,
    );
    expect(existsSync(keyFile)).toBe(false);
    expect(said).toEqual([]);
  });

  it('gives a data directory in memory a key for the process, never a key file', () => {
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const keyring = loadKeyring(null, IN_MEMORY);
      expect(keyring.keys.get(keyring.active)).toHaveLength(32);
      expect(existsSync(join(dir, 'memory:'))).toBe(false);
    } finally {
      process.chdir(cwd);
    }
  });
});
