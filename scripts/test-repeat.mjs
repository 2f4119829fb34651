#!/usr/bin/env node
// `pnpm test:repeat [--times N] <test files…>`: runs the given test files N times (5 by default), each time in a
// new random order of files and of tests within them, to bring out a race before CI does. Each file runs in its
// package with the package's own config; a run stops at the first failure and prints the seed to replay it
// (`npx vitest run --sequence.shuffle --sequence.seed=SEED <files>` in that package). Prints its wall time last.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const started = process.hrtime.bigint();
const args = process.argv.slice(2);
let times = 5;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--times') times = Number(args[++i]);
  else if (args[i].startsWith('--times=')) times = Number(args[i].slice('--times='.length));
  else files.push(args[i]);
}
if (!Number.isInteger(times) || times < 1) fail('--times takes a whole number of runs, at least 1');

// Files by package folder (packages/<name>), so each runs under its package's config.
const byPackage = new Map();
for (const file of files) {
  const path = resolve(process.cwd(), file);
  const inRepo = relative(repo, path).split('\\').join('/');
  const [, pkg, rest] = /^(packages\/[^/]+)\/(.+)$/.exec(inRepo) ?? [];
  if (!pkg || !existsSync(path) || !/\.test\.tsx?$/.test(rest)) {
    console.log(`test:repeat: skipped ${file} (not a vitest file of a package)`);
    continue;
  }
  byPackage.set(pkg, [...(byPackage.get(pkg) ?? []), rest]);
}
if (byPackage.size === 0) {
  console.log('test:repeat: no test files to repeat');
  finish(0);
}

let status = 0;
for (let run = 1; run <= times && status === 0; run++) {
  for (const [pkg, tests] of byPackage) {
    const seed = Math.floor(Math.random() * 2 ** 31);
    console.log(`::: test:repeat run ${run}/${times}, ${pkg}, seed ${seed}: ${tests.join(' ')}`);
    const result = spawnSync(
      'npx',
      ['vitest', 'run', '--sequence.shuffle', `--sequence.seed=${seed}`, ...tests],
      { cwd: join(repo, pkg), stdio: 'inherit', env: { ...process.env, TRADEDECK_REPORT_DIR: '' } },
    );
    if (result.status !== 0) {
      status = result.status ?? 1;
      console.log(
        `test:repeat: failed on run ${run} in ${pkg}; replay: cd ${pkg} && npx vitest run --sequence.shuffle --sequence.seed=${seed} ${tests.join(' ')}`,
      );
      break;
    }
  }
}
finish(status);

function finish(code) {
  const wall = (Number(process.hrtime.bigint() - started) / 1e9).toFixed(1);
  console.log(`test:repeat: ${code === 0 ? 'passed' : 'FAILED'} in ${wall} s wall`);
  process.exit(code);
}

function fail(message) {
  console.log(`test:repeat: ${message}`);
  process.exit(2);
}
