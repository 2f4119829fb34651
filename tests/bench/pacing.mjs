// Adaptive pacing: 1,000 accounts on 100 proxies for 10 simulated minutes through the pacing kernel, against a
// simulated Steam that answers 429 past its budgets; prints requests per proxy per class against the budgets. The
// measuring code lives with the server (packages/server/bench/pacing.ts) and runs from source through tsx.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export async function run() {
  const cwd = fileURLToPath(new URL('../../packages/server', import.meta.url));
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/pacing.ts'], {
    cwd,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`pacing benchmark exited with ${result.status}`);
}
