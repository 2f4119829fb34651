// Harvester: a sandbox session of 100 sources x 1,000 items to 10 targets through the real API, followed by 20 hub
// watchers in a process of their own; prints transactions per second, time to complete, events per second delivered,
// the server's CPU time per transaction and peak RSS, with the load average. The measuring code lives with the server
// (packages/server/bench/harvester.ts, watchers in bench/_harvester-watchers.ts) and runs from source through tsx.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export async function run() {
  const cwd = fileURLToPath(new URL('../../packages/server', import.meta.url));
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/harvester.ts'], {
    cwd,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`harvester benchmark exited with ${result.status}`);
}
