// Hub delivery benchmark: `node tests/bench/hubs.mjs` (or `run()` from the bench runner).
// Starts one server process on in-memory PGlite (DATABASE_URL selects Postgres), connects 100 official SignalR
// clients subscribed to one source, appends events and prints deliveries per second and append-to-callback
// latency p50/p99.
import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const serverDir = fileURLToPath(new URL('../../packages/server/', import.meta.url));
const worker = fileURLToPath(new URL('./hubs-worker.ts', import.meta.url));

export async function run(options = {}) {
  const env = { ...process.env, ...(options.env ?? {}) };
  const child = spawn(process.execPath, ['--import', 'tsx', worker], {
    cwd: serverDir,
    env,
    stdio: 'inherit',
  });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`hubs benchmark failed (exit ${code})`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
