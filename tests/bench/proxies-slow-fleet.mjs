// A slow fleet through the server: `node tests/bench/proxies-slow-fleet.mjs` (or `run()` from `pnpm bench proxies`).
// 3,000 stored proxies that take the connection, say nothing and hang up after 8 to 14 s, checked as one
// proxies.check job on in-memory PGlite (DATABASE_URL selects Postgres) with the product's deadlines (connect 5 s,
// whole check 10 s) and its default concurrency, every result stored and announced. Each proxy is at most one
// deadline, so the floor is ceil(n / concurrency) x 10 s; the target is that floor plus 25 %. Prints the wall of the
// checker alone on the same fleet (with how often it slowed itself down) and of the job, each beside that limit.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawnWithFileLimit } from './_proxy-fixtures.mjs';

const serverDir = fileURLToPath(new URL('../../packages/server/', import.meta.url));
const worker = fileURLToPath(new URL('./proxies-slow-fleet-worker.ts', import.meta.url));

export async function run(options = {}) {
  const env = { ...process.env, ...(options.env ?? {}) };
  const child = spawnWithFileLimit(process.execPath, ['--import', 'tsx', worker], {
    cwd: serverDir,
    env,
    stdio: 'inherit',
  });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`slow-fleet benchmark failed (exit ${code})`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
