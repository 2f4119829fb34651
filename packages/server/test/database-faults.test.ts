import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { isDatabaseUnavailable, isStorageWriteFailure } from '../src/db/database-faults.ts';
import { stallExitSeconds } from '../src/stall-watchdog.ts';
import { spawnServer } from './helpers/spawn-server.ts';
import { seedFromTemplate } from './helpers/spawned-api.ts';
import { startTestServer } from './helpers/test-app.ts';
import { TSX_LOADER } from './helpers/tsx-loader.ts';

const pgError = (code: string, message = 'terminating connection due to administrator command') =>
  Object.assign(new Error(message), { code, severity: 'FATAL' });
/** As drizzle reports a failed query: its own error, the driver's in `cause`. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });

describe('database fault classification', () => {
  it('reads lost and refused connections as "unavailable", through drizzle wrapping', () => {
    expect(isDatabaseUnavailable(wrapped(pgError('57P01')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(pgError('08006', 'connection failure')))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDatabaseUnavailable(
        wrapped(new Error('Client has encountered a connection error and is not queryable')),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })])),
    ).toBe(true);
  });

  it('leaves query mistakes and constraint violations alone', () => {
    expect(isDatabaseUnavailable(wrapped(pgError('23505', 'duplicate key value')))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(pgError('42P01', 'relation does not exist')))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });

  it('reads a full disk and a read-only file system as write failures', () => {
    expect(
      isStorageWriteFailure(
        wrapped(pgError('53100', 'could not extend file "base/5/16384": No space left on device')),
      ),
    ).toBe(true);
    expect(
      isStorageWriteFailure(Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' })),
    ).toBe(true);
    expect(isStorageWriteFailure(wrapped(pgError('23505', 'duplicate key value')))).toBe(false);
  });

  it('reads an embedded database that panicked on the rollback after a failed write as a write failure', () => {
    const panic = Object.assign(new Error('cannot drop active portal ""'), {
      code: '24000',
      severity: 'PANIC',
    });
    expect(isStorageWriteFailure(Object.assign(new Error('Failed query: ROLLBACK'), { cause: panic }))).toBe(
      true,
    );
    expect(isStorageWriteFailure(wrapped({ ...panic, severity: 'ERROR' }))).toBe(false);
  });
});

describe('answers while the database is unavailable', () => {
  it('answers 503 with result code 12 and Retry-After instead of a 500', async () => {
    const server = await startTestServer((app) => {
      app.get('/api/test/lost-connection', async () => {
        throw wrapped(pgError('57P01'));
      });
      app.get('/api/test/crash', async () => {
        throw new TypeError('not a database fault');
      });
    });
    // What the server heard of the database's reachability, in order.
    const heard: boolean[] = [];
    const unsubscribe = server.database.health.onReachability((reachable) => heard.push(reachable));
    try {
      const lost = await fetch(`${server.url}/api/test/lost-connection`, {
        headers: { 'accept-language': 'en-US' },
      });
      expect(lost.status).toBe(503);
      expect(lost.headers.get('retry-after')).toBe('5');
      const body = (await lost.json()) as {
        success: boolean;
        error: { resultCode: number; message: string };
      };
      expect(body.success).toBe(false);
      expect(body.error.resultCode).toBe(12);
      expect(body.error.message).toMatch(/temporarily unavailable/);
      expect((await fetch(`${server.url}/api/test/crash`)).status).toBe(500);
      // The failed request told the server the database went away: the connectivity probe says so too on
      // Postgres (an embedded database cannot be lost).
      const head = await fetch(`${server.url}/`, { method: 'HEAD' });
      if (server.database.kind === 'postgres') {
        expect(heard[0]).toBe(false);
        // A probe a second after the fault finds the database again: on a loaded machine it can run before HEAD.
        if (head.status === 200) expect(heard).toContain(true);
        else expect(head.status).toBe(503);
      } else expect(head.status).toBe(200);
      if (server.database.kind === 'postgres') {
        // Its probe query finds the database answering again within a few seconds.
        const deadline = Date.now() + 20_000;
        while (!server.database.health.reachable && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 100));
        expect((await fetch(`${server.url}/`, { method: 'HEAD' })).status).toBe(200);
      }
    } finally {
      unsubscribe();
      await server.stop();
    }
  }, 90_000);
});

describe('the stall watchdog', () => {
  it('reads its limit from TRADEDECK_STALL_EXIT_SECONDS: 60 by default, 0 for off, nothing under 5', () => {
    expect(stallExitSeconds({})).toBe(60);
    expect(stallExitSeconds({ TRADEDECK_STALL_EXIT_SECONDS: '0' })).toBe(0);
    expect(stallExitSeconds({ TRADEDECK_STALL_EXIT_SECONDS: '90' })).toBe(90);
    expect(() => stallExitSeconds({ TRADEDECK_STALL_EXIT_SECONDS: '2' })).toThrow(
      /TRADEDECK_STALL_EXIT_SECONDS/,
    );
    expect(() => stallExitSeconds({ TRADEDECK_STALL_EXIT_SECONDS: 'soon' })).toThrow(
      /TRADEDECK_STALL_EXIT_SECONDS/,
    );
  });

  it('ends a process whose event loop is stuck, saying why, with a non-zero status', async () => {
    const watchdog = fileURLToPath(new URL('../src/stall-watchdog.ts', import.meta.url));
    const script = `import { startStallWatchdog } from ${JSON.stringify(watchdog)};
      startStallWatchdog(5);
      setTimeout(() => { for (;;) {} }, 1500);`;
    const child = spawn(process.execPath, ['--import', TSX_LOADER, '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    // Whatever happens, the spinning child does not outlive the test.
    onTestFinished(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    const [code, signal] = await new Promise<[number | null, string | null]>((resolve) =>
      child.once('exit', (c, s) => resolve([c, s])),
    );
    expect(code).toBeNull();
    expect(signal).toBe('SIGKILL');
    expect(stderr).toMatch(/has not answered for \d+ s \(its event loop is blocked\); ending the process/);
  }, 90_000);

  it('turned off (0), leaves a clean stop on SIGTERM with status 0', async () => {
    // A data directory copied from the run's migrated template: the stop is what is tested, not a first start
    // (creating and migrating a cluster was most of the test's time). A run on Postgres has no embedded
    // template: there the cluster is created in memory.
    let dataDir = 'memory://';
    if (inject('pgliteTemplate')) {
      const dir = mkdtempSync(join(tmpdir(), 'tradedeck-stall-off-'));
      onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
      dataDir = join(dir, 'data');
      seedFromTemplate(dataDir);
    }
    const server = spawnServer({ TRADEDECK_DATA_DIR: dataDir, TRADEDECK_STALL_EXIT_SECONDS: '0' });
    await server.ready;
    expect(await server.stop()).toBe(0);
  }, 90_000);
});
