// Steam trading port in the sandbox: an inventory scan of 200 accounts of 1,000 items (target < 5 s, memory
// printed) and offers sent and confirmed per second. The measuring code lives with the server
// (packages/server/bench/trading.ts) and runs from source through tsx.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export async function run() {
  const cwd = fileURLToPath(new URL('../../packages/server', import.meta.url));
  const result = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/trading.ts'], {
    cwd,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`trading benchmark exited with ${result.status}`);
}
