#!/usr/bin/env node
// `pnpm typecheck`: the type checker over the workspace's packages (the four and the suites in tests/), two at a time (the machine CI runs on has two cores),
// each incremental. What the checker learned about the files that did not change since the last check is kept in a
// cache folder outside the checkout (TRADEDECK_TSC_CACHE, or the user's cache folder), one per checkout: a second
// check after a small change rechecks that change and what depends on it. The files are known by their contents,
// so a check with no cache (a clean clone, CI) is the full check, and a stale cache is never trusted over a file.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
/** Every workspace package with a `typecheck` script, by folder. */
const PACKAGES = ['packages/sdk', 'packages/server', 'packages/web', 'packages/cli', 'tests'];
const AT_ONCE = 2;

const cacheRoot =
  process.env.TRADEDECK_TSC_CACHE ??
  join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'tradedeck', 'tsc');
const cache = join(cacheRoot, createHash('sha256').update(root).digest('hex').slice(0, 16));
mkdirSync(cache, { recursive: true });

const started = process.hrtime.bigint();
const queue = [...PACKAGES];
const failed = [];
await Promise.all(
  Array.from({ length: AT_ONCE }, async () => {
    for (let pkg = queue.shift(); pkg; pkg = queue.shift()) {
      const code = await check(pkg);
      if (code !== 0) failed.push(pkg);
    }
  }),
);
console.log(
  `typecheck: ${failed.length === 0 ? 'passed' : `FAILED in ${failed.join(', ')}`} in ${seconds(started)} s`,
);
process.exit(failed.length === 0 ? 0 : 1);

function check(pkg) {
  const pkgStarted = process.hrtime.bigint();
  const dir = join(root, pkg);
  const child = spawn(
    'npx',
    [
      'tsc',
      '-p',
      'tsconfig.json',
      '--incremental',
      '--tsBuildInfoFile',
      join(cache, `${pkg.replace('/', '-')}.tsbuildinfo`),
      '--pretty',
      'false',
    ],
    { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  return new Promise((done) => {
    child.on('error', (error) => {
      console.log(`${pkg}: could not start tsc: ${error.message}`);
      done(1);
    });
    child.on('close', (code) => {
      console.log(`${pkg}: ${code === 0 ? 'types check' : 'type errors'} (${seconds(pkgStarted)} s)`);
      done(code ?? 1);
    });
  });
}

function seconds(since) {
  return (Number(process.hrtime.bigint() - since) / 1e9).toFixed(1);
}
