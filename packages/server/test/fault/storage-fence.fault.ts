/**
 * The embedded database after a write its storage refused: PGlite is given no statement more (the ROLLBACK of the
 * failed transaction included), since it has been seen to panic and then spin inside WebAssembly on the next one,
 * holding the event loop against every timer and signal. Each later statement fails at once as a storage failure
 * (so a request answers 503), the failure is announced once, and the database closes without entering the engine.
 */

import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { scriptEntry } from '../helpers/server-bundle.ts';
import type { SpawnedServer } from '../helpers/spawn-server.ts';
import { SPAWN_TIMEOUT_MS } from './fault-server.ts';
import { type SmallDisk, smallDisk, spawnOnDisk } from './small-disk.ts';

const PROBE = fileURLToPath(new URL('./storage-fence-probe.ts', import.meta.url));
let disk: SmallDisk | null = null;
let probe: SpawnedServer | null = null;
afterEach(async () => {
  await probe?.stop();
  disk?.dispose();
});

describe('the embedded database after a refused write', () => {
  it(
    'refuses every later statement at once as a storage failure and announces it once',
    async () => {
      disk = smallDisk();
      probe = spawnOnDisk(disk, {}, [...scriptEntry(PROBE), disk.dataDir]);
      await waitForLine(probe, 'ready');
      disk.fill(3 * 1024 * 1024);
      probe.child.stdin!.write('go\n');
      expect(await probe.exited, probe.output()).toBe(0);
      const report = JSON.parse(probe.output().trim().split('\n').at(-1)!) as {
        firstError: { code: string | null; message: string } | null;
        failures: string[];
        after: { ok: boolean; code: string | null }[];
      };
      // The failed transaction is a storage failure (its ROLLBACK was refused too), announced once with its reason.
      expect(report.firstError?.code).toBe('53100');
      expect(report.failures).toHaveLength(1);
      expect(report.failures[0]).toMatch(/No space left on device|File too large/);
      expect(report.after).toEqual([
        { ok: false, code: '53100' },
        { ok: false, code: '53100' },
        { ok: false, code: '53100' },
      ]);
    },
    SPAWN_TIMEOUT_MS * 2,
  );
});

async function waitForLine(process: SpawnedServer, line: string): Promise<void> {
  for (;;) {
    if (process.output().split('\n').includes(line)) return;
    if (process.child.exitCode !== null) throw new Error(`the probe ended: ${process.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
