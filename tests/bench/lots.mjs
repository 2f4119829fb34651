// Lots: the repricing preview of 100,000 lots (target < 2 s) and lots.query p95 at 50 clients (target < 50 ms).
// The measuring code lives with the server (packages/server/bench/lots.ts) and runs from source through tsx.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export async function run() {
  const cwd = fileURLToPath(new URL('../../packages/server', import.meta.url));
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/lots.ts'], { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`lots benchmark exited with ${result.status}`);
}
