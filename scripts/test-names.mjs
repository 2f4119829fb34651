// Lists every test of the repository by name, one per line, sorted: `<file> > <describe> > <test>`, without
// running any. Files are named as they were before pure tests took the `.unit` suffix, so two lists taken at two
// commits compare test by test: `node scripts/test-names.mjs > after.txt`, then diff against a list taken on the
// older checkout. See docs/testing.md ("Nothing lost").
import { spawnSync } from 'node:child_process';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const PACKAGES = ['packages/sdk', 'packages/web', 'packages/cli', 'packages/server'];

/** `a.unit.test.ts` and `a.app.test.tsx` are the same file as `a.test.ts` for comparison. */
const comparable = (file) => relative(root, file).replace(/\.(unit|app)\.test\./, '.test.');

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) {
    process.stderr.write(result.stderr);
    throw new Error(`${command} ${args.join(' ')} in ${cwd} exited with ${result.status}`);
  }
  return result.stdout;
}

const names = [];
for (const pkg of PACKAGES) {
  const cwd = join(pkg);
  const listed = JSON.parse(run('npx', ['vitest', 'list', '--json'], cwd));
  for (const test of listed) names.push(`${comparable(test.file)} > ${test.name}`);
}
// Playwright prints `[project] › file:line:col › describe › test`.
const e2e = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--list'], join('tests'));
for (const line of e2e.split('\n')) {
  const match = /^\s*\[[^\]]+\] › (\S+?):\d+:\d+ › (.+)$/.exec(line);
  if (match) names.push(`tests/e2e/${match[1]} > ${match[2].replaceAll(' › ', ' > ')}`);
}
process.stdout.write(`${names.sort().join('\n')}\n`);

function join(folder) {
  return resolve(root, folder);
}
