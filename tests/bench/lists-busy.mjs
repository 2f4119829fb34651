// The trader's list queries idle and under a running sandbox harvester session and sellers in the same server
// (issue 42: p99 within 2x of the idle run), on PGlite and on Postgres (a throw-away cluster from the Debian
// packages, or a database on TEST_DATABASE_URL's server). The measuring code lives with the server
// (packages/server/bench/lists-busy.ts) and runs through tsx, one process per database: a server stopped with
// its harvester and sellers under way may take long, and its work must not overlap the next run.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { withBenchPostgres } from './_proxies-postgres.mjs';

export async function run() {
  await withBenchPostgres(54347, (databaseUrl) => {
    const cwd = fileURLToPath(new URL('../../packages/server', import.meta.url));
    const postgres = databaseUrl ?? process.env.BENCH_DATABASE_URL?.trim();
    const runs = [
      // An empty URL: PGlite alone in its process, and no "skipped" line where Postgres runs next.
      ...(process.env.BENCH_PGLITE === '0' ? [] : [postgres ? { BENCH_DATABASE_URL: '' } : {}]),
      ...(postgres ? [{ BENCH_PGLITE: '0', BENCH_DATABASE_URL: postgres }] : []),
    ];
    for (const only of runs) {
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/lists-busy.ts'], {
        cwd,
        env: { ...process.env, ...only },
        stdio: 'inherit',
      });
      if (result.status !== 0) throw new Error(`lists-busy benchmark exited with ${result.status}`);
    }
  });
}
