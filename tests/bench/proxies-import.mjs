// Import of 100,000 proxy lines (parse + insert) through the real API, on PGlite and on Postgres (a throw-away
// cluster from the Debian packages, or the database named by TEST_DATABASE_URL). Targets: under 3 s on PGlite, under
// 2 s on Postgres, and within 1.5x of the raw COPY of the same rows printed beside it.
// The measuring code lives with the server (packages/server/bench/proxies-import.ts) and runs through tsx.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { withBenchPostgres } from './_proxies-postgres.mjs';

export async function run() {
  await withBenchPostgres(54341, (databaseUrl) => {
    const cwd = fileURLToPath(new URL('../../packages/server', import.meta.url));
    const env = { ...process.env, ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}) };
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/proxies-import.ts'], {
      cwd,
      env,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`proxies import benchmark exited with ${result.status}`);
  });
}
