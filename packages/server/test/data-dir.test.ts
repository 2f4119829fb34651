import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import { DataDirLockedError } from '../src/db/data-dir-lock.ts';
import { startServer } from '../src/server.ts';
import { spawnServer } from './helpers/spawn-server.ts';
import { seedFromTemplate } from './helpers/spawned-api.ts';

const dirs: string[] = [];
/**
 * An empty data directory, or with `migrated` one holding the run's migrated template: a test of the lock, not of
 * a first start, skips creating and migrating a cluster.
 */
function tempDataDir(migrated = false): string {
  const dir = mkdtempSync(join(tmpdir(), 'tradedeck-data-'));
  dirs.push(dir);
  if (!migrated) return dir;
  const data = join(dir, 'data');
  seedFromTemplate(data);
  return data;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Tests that start server processes: each process loads the TypeScript sources first, slow on a busy machine. */
const SPAWN_TIMEOUT_MS = 240_000;

const configFor = (dataDir: string) => ({ ...loadConfig({}), port: 0, dataDir, logLevel: 'silent' });

describe('the embedded PGlite data directory', () => {
  it('keeps data across a restart', async () => {
    // From the migrated template: the first start on an empty directory is `db/pglite-first-start.test.ts`'s.
    const dataDir = tempDataDir(true);
    const first = await startServer(configFor(dataDir));
    await first.app.services.system.setMaintenance({
      active: true,
      reason: 'DB upgrade',
      estimatedCompletion: '2030-01-01T00:00:00.000Z',
    });
    await first.stop();

    const second = await startServer(configFor(dataDir));
    try {
      const res = await fetch(`${second.url}/api/system/status`);
      const body = (await res.json()) as { data: { maintenance: unknown } };
      expect(body.data.maintenance).toEqual({
        active: true,
        reason: 'DB upgrade',
        estimatedCompletion: '2030-01-01T00:00:00.000Z',
      });
    } finally {
      await second.stop();
    }
  }, 150_000);

  it('cannot be opened by a second server in the same process', async () => {
    const dataDir = tempDataDir(true);
    const first = await startServer(configFor(dataDir));
    try {
      await expect(startServer(configFor(dataDir))).rejects.toBeInstanceOf(DataDirLockedError);
      const res = await fetch(`${first.url}/api/system/status`);
      expect(res.status).toBe(200);
    } finally {
      await first.stop();
    }
  }, 90_000);

  it(
    'refuses a second server process with a clear message and leaves the first one serving',
    async () => {
      const dataDir = tempDataDir(true);
      const first = spawnServer({ TRADEDECK_DATA_DIR: dataDir });
      try {
        const url = await first.ready;
        const second = spawnServer({ TRADEDECK_DATA_DIR: dataDir });
        expect(await second.exited).toBe(2);
        expect(second.output()).toContain('is in use by another Tradedeck server');
        const res = await fetch(`${url}/api/system/status`);
        expect(((await res.json()) as { success: boolean }).success).toBe(true);
      } finally {
        expect(await first.stop()).toBe(0);
      }
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'takes over a lock left by a server that died',
    async () => {
      const dataDir = tempDataDir(true);
      const crashed = spawnServer({ TRADEDECK_DATA_DIR: dataDir });
      await crashed.ready;
      crashed.child.kill('SIGKILL');
      await crashed.exited;
      const next = await startServer(configFor(dataDir));
      await next.stop();
    },
    SPAWN_TIMEOUT_MS,
  );
});
