// Lots: the repricing preview of 100,000 lots (target < 2 s) and lots.query p95 at 50 clients (target < 50 ms), on
// PGlite and on Postgres (TEST_DATABASE_URL's server or a throw-away cluster) when there is one.
// The measuring code lives with the server (packages/server/bench/lots.ts) and runs from source through tsx.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { withBenchPostgres } from './_proxies-postgres.mjs';

export async function run() {
  await withBenchPostgres(54345, (databaseUrl) => {
    const cwd = fileURLToPath(new URL('../../packages/server', import.meta.url));
    const env = { ...process.env, ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}) };
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/lots.ts'], {
      cwd,
      env,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`lots benchmark exited with ${result.status}`);
  });
}
