// P2P seller: 200 sandbox seller accounts online on one server process: the largest ping gap (target < 150 s),
// sale-to-offer p95 (target < 60 s), market requests per key per second (target <= 4) and RSS. The measuring code
// lives with the server (packages/server/bench/seller.ts) and runs from source through tsx.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export async function run() {
  const cwd = fileURLToPath(new URL('../../packages/server', import.meta.url));
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/seller.ts'], {
    cwd,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`seller benchmark exited with ${result.status}`);
}
