// Market: one repricing round over 10,000 lots of 100 Steam accounts selling on TM and Waxpeer, in the sandbox:
// wall time (target < 2 minutes) and each market's per-item write limit, refusals and calls per key per second.
// The measuring code lives with the server (packages/server/bench/market.ts) and runs from source through tsx.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export async function run() {
  const cwd = fileURLToPath(new URL('../../packages/server', import.meta.url));
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/market.ts'], {
    cwd,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`market benchmark exited with ${result.status}`);
}
