#!/usr/bin/env node
// Runs each given command line in turn (through the shell, stopping at the first that fails) and prints the
// total wall time last: `node scripts/timed.mjs "pnpm test" "pnpm run lint" "pnpm run test:unit"`. The first
// argument names the run in the closing line.
import { spawnSync } from 'node:child_process';

const [label, ...commands] = process.argv.slice(2);
const started = process.hrtime.bigint();
let status = 0;
for (const command of commands) {
  const result = spawnSync(command, { shell: true, stdio: 'inherit' });
  status = result.status ?? 1;
  if (status !== 0) break;
}
console.log(`${label}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds(started)} s wall`);
process.exit(status);

function seconds(since) {
  return (Number(process.hrtime.bigint() - since) / 1e9).toFixed(1);
}
