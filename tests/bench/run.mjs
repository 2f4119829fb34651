#!/usr/bin/env node
// `pnpm bench <name>`: runs one benchmark (TypeScript through tsx, from its package) and prints its figures.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BENCHES = {
  auth: { cwd: '../../packages/server', file: 'bench/auth.ts' },
};

const name = process.argv[2];
const bench = BENCHES[name];
if (!bench) {
  process.stderr.write(`usage: pnpm bench <${Object.keys(BENCHES).join('|')}>\n`);
  process.exit(2);
}
const cwd = fileURLToPath(new URL(bench.cwd, import.meta.url));
const result = spawnSync(process.execPath, ['--import', 'tsx', bench.file], { cwd, stdio: 'inherit' });
process.exit(result.status ?? 1);
