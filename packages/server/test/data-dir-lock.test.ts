import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from '../src/db/data-dir-lock.ts';
import { currentProcess, processStartTicks } from '../src/db/lock-owner.ts';
import { spawnServer } from './helpers/spawn-server.ts';
import { seedFromTemplate } from './helpers/spawned-api.ts';

const dirs: string[] = [];
const children: ChildProcess[] = [];
function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tradedeck-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const SPAWN_TIMEOUT_MS = 90_000;
const writeLock = (dataDir: string, content: unknown) =>
  writeFileSync(join(dataDir, LOCK_FILE), typeof content === 'string' ? content : JSON.stringify(content), {
    mode: 0o600,
  });

/** A live process of this machine that has nothing to do with Tradedeck. */
async function unrelatedProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child.pid!;
}

const linux = process.platform === 'linux';

describe('the data directory lock', () => {
  it('takes over a lock naming this very process (a restart that got the same id, as process 1 in a container)', async () => {
    const dataDir = tempDataDir();
    // As a previous run of this process id would have written it: same machine, namespace and id.
    writeLock(dataDir, { ...currentProcess(), startTicks: 1 });
    const lock = await lockDataDir(dataDir);
    expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    lock.release();

    // The bare process id an older server wrote.
    writeLock(dataDir, String(process.pid));
    (await lockDataDir(dataDir)).release();
  });

  it('refuses while this process itself holds the lock', async () => {
    const dataDir = tempDataDir();
    const lock = await lockDataDir(dataDir);
    try {
      await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      lock.release();
    }
  });

  it.runIf(linux)('takes over a lock whose process id now belongs to an unrelated live process', async () => {
    const dataDir = tempDataDir();
    const pid = await unrelatedProcess();
    const started = processStartTicks(pid)!;
    writeLock(dataDir, { ...currentProcess(), pid, startTicks: started - 1 });
    (await lockDataDir(dataDir)).release();
  });

  it.runIf(linux)('refuses a lock whose holder still runs, saying how to clear it', async () => {
    const dataDir = tempDataDir();
    const pid = await unrelatedProcess();
    writeLock(dataDir, { ...currentProcess(), pid, startTicks: processStartTicks(pid)! });
    const refused = await lockDataDir(dataDir).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as Error).message).toContain(`process ${pid}`);
    expect((refused as Error).message).toContain(`delete ${join(dataDir, LOCK_FILE)}`);
  });

  it('waits out a holder it cannot look up: taken over when the lock goes untouched, refused while touched', async () => {
    const dataDir = tempDataDir();
    const elsewhere = { pid: 1, host: 'other-container', bootId: 'another-boot', pidNamespace: 'pid:[1]' };
    writeLock(dataDir, elsewhere);
    const started = Date.now();
    (await lockDataDir(dataDir, { staleAfterMs: 1500 })).release();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);

    writeLock(dataDir, elsewhere);
    const touching = setInterval(() => {
      const now = new Date();
      utimesSync(join(dataDir, LOCK_FILE), now, now);
    }, 200);
    try {
      const refused = await lockDataDir(dataDir, { staleAfterMs: 1500 }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DataDirLockedError);
      expect((refused as Error).message).toContain('on other-container');
    } finally {
      clearInterval(touching);
    }
  });

  it.runIf(linux)(
    'lets a server process start over a lock naming a live process with another start time',
    async () => {
      // A migrated data directory: the test is about the lock, not a first start.
      const dataDir = join(tempDataDir(), 'data');
      seedFromTemplate(dataDir);
      const pid = await unrelatedProcess();
      writeLock(dataDir, { ...currentProcess(), pid, startTicks: processStartTicks(pid)! + 1 });
      const server = spawnServer({ TRADEDECK_DATA_DIR: dataDir });
      try {
        const url = await server.ready;
        expect((await fetch(`${url}/api/system/status`)).status).toBe(200);
        const owner = JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8'));
        expect(owner.pid).toBe(server.child.pid);
        expect(owner.startTicks).toBe(processStartTicks(server.child.pid!));
      } finally {
        expect(await server.stop()).toBe(0);
      }
    },
    SPAWN_TIMEOUT_MS,
  );
});
