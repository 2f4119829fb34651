// Portfolio: 200 accounts x 1,000 cached items; portfolio.query p95 at 20 clients for the first grouped page
// (target < 100 ms) and for filter changes (target < 150 ms), on PGlite and on Postgres (TEST_DATABASE_URL's server
// or a throw-away cluster) when there is one, and the server's RSS. The measuring code lives with the server
// (packages/server/bench/portfolio.ts) and runs from source through tsx.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { withBenchPostgres } from './_proxies-postgres.mjs';

export async function run() {
  await withBenchPostgres(54503, (databaseUrl) => {
    const cwd = fileURLToPath(new URL('../../packages/server', import.meta.url));
    const env = { ...process.env, ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}) };
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/portfolio.ts'], {
      cwd,
      env,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`portfolio benchmark exited with ${result.status}`);
  });
}
