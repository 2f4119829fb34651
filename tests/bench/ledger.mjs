// Ledger: profit by day for a year over 1,000,000 entries of 300 accounts, p95 beside the 300 ms limit, on PGlite
// and on Postgres (TEST_DATABASE_URL's server or a throw-away cluster) when there is one.
// The measuring code lives with the server (packages/server/bench/ledger.ts) and runs from source through tsx.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { withBenchPostgres } from './_proxies-postgres.mjs';

export async function run() {
  await withBenchPostgres(54346, (databaseUrl) => {
    const cwd = fileURLToPath(new URL('../../packages/server', import.meta.url));
    const env = { ...process.env, ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}) };
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/ledger.ts'], {
      cwd,
      env,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`ledger benchmark exited with ${result.status}`);
  });
}
