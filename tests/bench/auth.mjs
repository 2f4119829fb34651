// Logins and refreshes per second and the latency of an authenticated no-op; the measuring code lives with the
// server (packages/server/bench/auth.ts) and runs from source through tsx.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export async function run() {
  const cwd = fileURLToPath(new URL('../../packages/server', import.meta.url));
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/auth.ts'], { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`auth benchmark exited with ${result.status}`);
}
