#!/usr/bin/env node
// `pnpm test`, the README's one command: the linter, the type checker and every package's suite on PGlite, side by
// side. The suites are two vitest runs of the root config (vitest.config.ts): the server's projects, and every
// other package's. Most of a suite's time is waiting (sign-ins, servers, terminals), so the CLI's waits overlap the
// server's instead of following them. Each line of a part's output is prefixed with its name; the closing lines
// give each part's time and the total wall time. Fails when any part fails. Arguments filter the suites' files
// (`pnpm test packages/cli/test/status.test.ts`): a suite with no file left passes. Each part's line is printed
// the moment it ends; with TRADEDECK_REPORT_DIR set, the part also leaves `<name>.ended` there (its status and
// seconds), from which CI starts the end-to-end suite once only the server's part is left (.ci/run).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ALL_PROJECTS, SERVER_PROJECTS } from './test-projects.mjs';

const filters = process.argv.slice(2);
const vitest = (projects) => [
  'npx',
  'vitest',
  'run',
  ...projects.flatMap((project) => ['--project', project]),
  ...(filters.length > 0 ? ['--passWithNoTests', ...filters] : []),
];

/** `name` prefixes the part's lines; `report` names its JSON report in TRADEDECK_REPORT_DIR (vitest.shared.ts). */
const PARTS = [
  { name: 'lint', command: ['pnpm', 'run', 'lint'] },
  { name: 'typecheck', command: ['pnpm', 'run', 'typecheck'] },
  { name: 'server', command: vitest(SERVER_PROJECTS), report: 'server' },
  {
    name: 'packages',
    command: vitest(ALL_PROJECTS.filter((project) => !SERVER_PROJECTS.includes(project))),
    report: 'packages',
  },
];

const started = process.hrtime.bigint();
const children = new Set();
// An interrupted run (Ctrl-C, CI's timeout) stops every part, not only this script.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(1);
  });
}
const width = Math.max(...PARTS.map((part) => part.name.length));
const results = await Promise.all(PARTS.map(run));
for (const result of results) {
  console.log(
    `${result.name.padEnd(width)}  ${result.status === 0 ? 'passed' : 'FAILED'} in ${result.seconds} s`,
  );
}
const failed = results.some((result) => result.status !== 0);
console.log(`pnpm test: ${failed ? 'FAILED' : 'passed'} in ${secondsSince(started)} s wall`);
process.exit(failed ? 1 : 0);

function run(part) {
  const partStarted = process.hrtime.bigint();
  const [command, ...args] = part.command;
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...(part.report ? { TRADEDECK_REPORT_NAME: part.report } : {}) },
  });
  children.add(child);
  child.on('close', () => children.delete(child));
  const prefix = `[${part.name.padEnd(width)}] `;
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(prefix + line));
  }
  return new Promise((resolve) => {
    let done = false;
    const ended = (status) => {
      if (done) return;
      done = true;
      const result = { name: part.name, status, seconds: secondsSince(partStarted) };
      console.log(`${prefix}${part.name} ${status === 0 ? 'passed' : 'FAILED'} in ${result.seconds} s`);
      const dir = process.env.TRADEDECK_REPORT_DIR;
      if (dir) writeFileSync(join(dir, `${part.name}.ended`), `${status} ${result.seconds}\n`);
      resolve(result);
    };
    child.on('error', (error) => {
      console.log(`${prefix}could not start ${command}: ${error.message}`);
      ended(1);
    });
    child.on('close', (code, signal) => ended(signal ? 1 : (code ?? 1)));
  });
}

function secondsSince(since) {
  return (Number(process.hrtime.bigint() - since) / 1e9).toFixed(1);
}
