// A whole check batch through the server: `node tests/bench/proxies-batch.mjs` (or `run()` from the bench runner).
// The proxies.check service on in-memory PGlite (DATABASE_URL selects Postgres) queues 10,000 stored proxies, a
// quarter of them blackholed, as one job; the job checks them with a 2 s connect deadline and stores every result
// with its ProxyStatusUpdated event in chunks. Prints checks/s end to end against the same targets as the bare
// checker (at least 2,000 checks/s; within 1.5x of dead / concurrency x deadline).
import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const serverDir = fileURLToPath(new URL('../../packages/server/', import.meta.url));
const worker = fileURLToPath(new URL('./proxies-batch-worker.ts', import.meta.url));

export async function run(options = {}) {
  const env = { ...process.env, ...(options.env ?? {}) };
  const child = spawn(process.execPath, ['--import', 'tsx', worker], {
    cwd: serverDir,
    env,
    stdio: 'inherit',
  });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`proxies batch benchmark failed (exit ${code})`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
