// Steam accounts: extraction of 5,000 maFiles (target < 3 s), a sandbox import of 1,000 accounts end to end through
// the API, and the query p95 over 20,000 accounts with filters at 50 concurrent clients (target < 50 ms), on
// Postgres (TEST_DATABASE_URL's server or a throw-away cluster) when there is one, else PGlite.
// The API part lives with the server (packages/server/bench/accounts.ts) and runs through tsx.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { withBenchPostgres } from './_proxies-postgres.mjs';
import { run as runExtract } from './accounts-extract.mjs';

export async function run() {
  await runExtract();
  await withBenchPostgres(54343, (databaseUrl) => {
    const cwd = fileURLToPath(new URL('../../packages/server', import.meta.url));
    const env = { ...process.env, ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}) };
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/accounts.ts'], {
      cwd,
      env,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`accounts benchmark exited with ${result.status}`);
  });
}
