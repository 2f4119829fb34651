import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// drizzle-kit writes a migration from the difference between the schema and the latest snapshot in drizzle/meta.
// With the snapshots behind the migrations, the next `pnpm db:generate` would write again what earlier
// migrations already did; this runs it on a copy of drizzle/ and expects nothing new. When it fails after a
// hand-written migration: run `pnpm db:generate`, keep its `meta/NNNN_snapshot.json` as the snapshot of the latest
// migration (its `prevId` the previous snapshot's `id`), and delete the SQL file and journal entry it wrote.
const SERVER = fileURLToPath(new URL('../../', import.meta.url));
const DRIZZLE_KIT = join(SERVER, 'node_modules/.bin/drizzle-kit');
const work = mkdtempSync(join(tmpdir(), 'tradedeck-drizzle-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Every file under a folder with its text, so any file added or changed shows in a comparison. */
function filesOf(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[path.slice(dir.length + 1)] = readFileSync(path, 'utf8');
  }
  return files;
}

describe('drizzle snapshots', () => {
  it('let drizzle-kit generate write nothing for the unchanged schema', async () => {
    cpSync(join(SERVER, 'drizzle'), join(work, 'drizzle'), { recursive: true });
    const before = filesOf(join(work, 'drizzle'));
    // Flags rather than drizzle.config.ts, so that the output goes to the copy; the schema is the real one.
    const args = [
      'generate',
      '--dialect',
      'postgresql',
      '--schema',
      join(SERVER, 'src/db/schema.ts'),
      '--out',
      'drizzle',
    ];
    const exit = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(DRIZZLE_KIT, args, { cwd: work, timeout: 60_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
      );
    });
    expect(exit, exit.output).toMatchObject({ code: 0 });
    expect(filesOf(join(work, 'drizzle'))).toEqual(before);
  });
});
