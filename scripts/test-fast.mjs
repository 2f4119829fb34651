#!/usr/bin/env node
// `pnpm test:fast`: the linter over the files changed since main (committed or not, new files too) and every pure
// test (the vitest projects sdk, web, cli-unit and server-unit; docs/testing.md). Prints its wall time last.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { PURE_PROJECTS } from './test-projects.mjs';

const started = process.hrtime.bigint();
const git = (...args) => spawnSync('git', args, { encoding: 'utf8' });

/** Where this branch left main (or HEAD itself on main, or without a main to compare with). */
function base() {
  for (const ref of ['main', 'origin/main']) {
    const found = git('merge-base', 'HEAD', ref);
    if (found.status === 0) return found.stdout.trim();
  }
  return 'HEAD';
}

const from = base();
const changed = [
  ...git('diff', '--name-only', '--diff-filter=ACMR', from).stdout.split('\n'),
  ...git('ls-files', '--others', '--exclude-standard').stdout.split('\n'),
].filter((file) => file && existsSync(file));

let status = 0;
if (changed.length > 0) {
  console.log(`::: lint of ${changed.length} changed file(s) since ${from.slice(0, 12)}`);
  status = run('npx', [
    'biome',
    'check',
    '--no-errors-on-unmatched',
    '--files-ignore-unknown=true',
    ...changed,
  ]);
} else {
  console.log('::: lint: no changed files');
}
if (status === 0) {
  console.log(`::: pure tests: ${PURE_PROJECTS.join(', ')}`);
  status = run('npx', [
    'vitest',
    'run',
    ...PURE_PROJECTS.flatMap((project) => ['--project', project]),
    ...process.argv.slice(2),
  ]);
}
const wall = (Number(process.hrtime.bigint() - started) / 1e9).toFixed(1);
console.log(`test:fast: ${status === 0 ? 'passed' : 'FAILED'} in ${wall} s wall`);
process.exit(status);

function run(command, args) {
  return spawnSync(command, args, { stdio: 'inherit' }).status ?? 1;
}
