#!/usr/bin/env node
// The package test files changed since the last main commit CI passed on, one a line (at most MAX, the rest named
// on stderr), for `pnpm test:repeat`. The base is the commit recorded by the last passing CI run on this machine
// (`node scripts/ci-changed-tests.mjs --record` writes it), else the first parent of a merge at HEAD; with neither,
// or a base the clone's history does not hold (a shallow clone), nothing: a repeat is an extra, never a guess.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

const MAX = Number(process.env.TEST_REPEAT_MAX_FILES ?? 12);
const record = join(
  process.env.TRADEDECK_CI_STATE_DIR ?? join(homedir(), '.cache', 'tradedeck-ci'),
  'last-main',
);
const git = (...args) => spawnSync('git', args, { encoding: 'utf8' });

if (process.argv[2] === '--record') {
  const head = git('rev-parse', 'HEAD').stdout.trim();
  if (head) {
    mkdirSync(dirname(record), { recursive: true });
    writeFileSync(record, `${head}\n`);
  }
  process.exit(0);
}

const isCommit = (sha) => sha && git('cat-file', '-e', `${sha}^{commit}`).status === 0;
const recorded = existsSync(record) ? readFileSync(record, 'utf8').trim() : '';
let base = '';
if (isCommit(recorded) && git('merge-base', '--is-ancestor', recorded, 'HEAD').status === 0) base = recorded;
else {
  const parents = git('rev-list', '--parents', '-n', '1', 'HEAD').stdout.trim().split(' ');
  if (parents.length > 2 && isCommit(parents[1])) base = parents[1];
}
if (!base) {
  console.error('changed tests: no earlier main commit to compare with; nothing to repeat');
  process.exit(0);
}
const changed = git('diff', '--name-only', '--diff-filter=AM', base, 'HEAD', '--', 'packages')
  .stdout.split('\n')
  .filter((file) => /\.test\.tsx?$/.test(file) && existsSync(file));
console.error(`changed tests since ${base.slice(0, 12)}: ${changed.length}`);
for (const file of changed.slice(0, MAX)) console.log(file);
if (changed.length > MAX) console.error(`not repeated (over ${MAX}): ${changed.slice(MAX).join(' ')}`);
