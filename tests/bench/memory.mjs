// `pnpm bench memory`: the server's peak RSS with 1,000,000 proxies and 20,000 Steam accounts stored, 100 hub
// clients connected (the official SignalR client, in a process of their own), a check run of 20,000 proxies whose
// results go out to every client, and the list pages loaded. Target: peak RSS under 300 MB. Rows are inserted with
// SQL for setup speed. The database is Postgres (a throw-away cluster from the Debian packages, or
// TEST_DATABASE_URL's server), so the figure is the server's own memory; without Postgres it runs on PGlite, whose
// database lives inside the server process, and says so.
//
// The server runs compiled, as `dist/main.js` does: the worker and the server code it starts are bundled with the
// server's own build settings (tsup, the sdk inlined, dependencies external) and run by plain node. Run from
// TypeScript source through tsx instead (BENCH_MEMORY_SOURCE=1), the compiled modules and their source maps add
// 100 MB and more. The hub clients run in a process of their own either way. Then, on PGlite in a data directory
// (its database inside the server process): a 100,000-line import and the trader's query mix, target 400 MB
// (memory-pglite-worker.ts). BENCH_MEMORY_POSTGRES=0 or BENCH_MEMORY_PGLITE=0 skips a half.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { withBenchPostgres } from './_proxies-postgres.mjs';

const serverDir = fileURLToPath(new URL('../../packages/server/', import.meta.url));
const worker = fileURLToPath(new URL('./memory-worker.ts', import.meta.url));
const pgliteWorker = fileURLToPath(new URL('./memory-pglite-worker.ts', import.meta.url));
const clientsScript = fileURLToPath(new URL('./memory-clients.ts', import.meta.url));

/** A worker as one ES module under packages/server/dist/bench (so node finds the server's dependencies). */
async function buildWorker(name, entry) {
  const { build } = createRequire(join(serverDir, 'package.json'))('tsup');
  const manifest = JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8'));
  const outDir = join(serverDir, 'dist/bench');
  await build({
    entry: { [name]: entry },
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    outDir,
    config: false,
    silent: true,
    noExternal: [/^@tradedeck\//],
    external: Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith('@tradedeck/')),
  });
  return join(outDir, `${name}.js`);
}

export async function run() {
  const fromSource = process.env.BENCH_MEMORY_SOURCE === '1';
  const args = fromSource ? ['--import', 'tsx', worker] : [await buildWorker('memory-worker', worker)];
  const serverKind = fromSource ? 'TypeScript source through tsx' : 'compiled bundle, as dist/main.js';
  const runWorker = (workerArgs, env) => {
    const result = spawnSync(process.execPath, workerArgs, { cwd: serverDir, env, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`memory benchmark exited with ${result.status}`);
  };
  if (process.env.BENCH_MEMORY_POSTGRES !== '0')
    await withBenchPostgres(54344, (databaseUrl) =>
      runWorker(args, {
        ...process.env,
        BENCH_MEMORY_CLIENTS_SCRIPT: clientsScript,
        BENCH_FIXTURE_SCRIPT: fileURLToPath(new URL('./_proxy-fixture-process.mjs', import.meta.url)),
        BENCH_MEMORY_SERVER: serverKind,
        ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}),
      }),
    );
  // The embedded database: a 100,000-line import and the trader's query mix, its memory inside the server's. A new
  // data directory is created by a process of its own, as the server does, built beside the worker.
  if (process.env.BENCH_MEMORY_PGLITE !== '0') {
    if (!fromSource) await buildWorker('pglite-first-start', join(serverDir, 'src/db/pglite-first-start.ts'));
    runWorker(
      fromSource
        ? ['--import', 'tsx', pgliteWorker]
        : [await buildWorker('memory-pglite-worker', pgliteWorker)],
      { ...process.env, BENCH_MEMORY_SERVER: serverKind },
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
