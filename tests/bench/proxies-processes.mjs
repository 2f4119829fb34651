// Throughput of the proxies list with one, two and three server processes on one Postgres, side by side in one run
// (a throw-away cluster from the Debian packages, or a database on TEST_DATABASE_URL's server). The measuring code
// lives with the server (packages/server/bench/proxies-processes.ts) and runs through tsx.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { withBenchPostgres } from './_proxies-postgres.mjs';

export async function run() {
  await withBenchPostgres(54343, (databaseUrl) => {
    const cwd = fileURLToPath(new URL('../../packages/server', import.meta.url));
    const env = { ...process.env, ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}) };
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/proxies-processes.ts'], {
      cwd,
      env,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`proxies by processes benchmark exited with ${result.status}`);
  });
}
