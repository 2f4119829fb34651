// `pnpm bench memory`: the server's peak RSS with 1,000,000 proxies and 20,000 Steam accounts stored, 100 hub
// clients connected (the official SignalR client, in a process of their own), a check run of 20,000 proxies whose
// results go out to every client, and the list pages loaded. Target: peak RSS under 300 MB. Rows are inserted with
// SQL for setup speed. The database is Postgres (a throw-away cluster from the Debian packages, or
// TEST_DATABASE_URL's server), so the figure is the server's own memory; without Postgres it runs on PGlite, whose
// database lives inside the server process, and says so.
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { withBenchPostgres } from './_proxies-postgres.mjs';

const serverDir = fileURLToPath(new URL('../../packages/server/', import.meta.url));
const worker = fileURLToPath(new URL('./memory-worker.ts', import.meta.url));

export async function run() {
  await withBenchPostgres(54344, (databaseUrl) => {
    const env = { ...process.env, ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}) };
    const result = spawnSync(process.execPath, ['--import', 'tsx', worker], {
      cwd: serverDir,
      env,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`memory benchmark exited with ${result.status}`);
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
