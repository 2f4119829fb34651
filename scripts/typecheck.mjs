#!/usr/bin/env node
// `pnpm typecheck`: the type checker over the workspace's packages (the four and the suites in tests/), each file
// checked once. The packages are TypeScript project references: the sdk is checked first, and a package that
// imports another's sources (the server the sdk's, the CLI the server's, the end-to-end and benchmark suites all
// three) reads that package's declarations instead of checking its sources again. Two packages are checked at a
// time (the machine CI runs on has two cores), each as soon as the packages it reads are done; each is one
// `tsc -p`, not `tsc -b`, so a package with errors is checked once, not again by every package that reads it.
//
// What the checker learned is kept in a cache folder outside the checkout (TRADEDECK_TSC_CACHE, or the user's cache
// folder), one per checkout. Each package's own tsconfig.json stays the plain full check that editors and its
// `typecheck` script use; the build configuration that extends it and the declarations are written to the
// package's node_modules/.cache/tradedeck-tsc/, where the package's own dependencies (fastify, zod, its type
// libraries) resolve from: declarations anywhere else would read those imports as `any` and check nothing.
// A second check after a small change rechecks that change and what depends on it. The files are known by their
// contents, so a check with no cache (a clean clone, CI) is the full check, and a stale cache is never trusted
// over a file. Prints each package's time and the CPU the checker used.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

/**
 * Every workspace package with a `typecheck` script, by folder, with the packages whose sources it imports
 * (`references`) and the files it checks beyond its own tsconfig.json's `include` (`files`, from the checkout's
 * root): a file a package's program reaches must belong to exactly one package here, or the checker refuses it.
 */
const PROJECTS = [
  { dir: 'packages/sdk', references: [], files: [] },
  { dir: 'packages/server', references: ['packages/sdk'], files: ['packages/server/package.json'] },
  { dir: 'packages/web', references: ['packages/sdk'], files: ['vitest.shared.ts', 'vitest.file-cpu.ts'] },
  {
    dir: 'packages/cli',
    references: ['packages/sdk', 'packages/server'],
    files: ['packages/cli/package.json'],
  },
  {
    dir: 'tests',
    references: ['packages/sdk', 'packages/server', 'packages/cli'],
    // The memory benchmark's worker starts the server the way the server's own benchmarks do.
    files: ['packages/server/bench/_proxies-server.ts'],
  },
];
const AT_ONCE = 2;

const cacheRoot =
  process.env.TRADEDECK_TSC_CACHE ??
  join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'tradedeck', 'tsc');
const cache = join(cacheRoot, createHash('sha256').update(root).digest('hex').slice(0, 16));
mkdirSync(cache, { recursive: true });
const generatedOf = (dir) => join(root, dir, 'node_modules', '.cache', 'tradedeck-tsc');
const configOf = (dir) => join(generatedOf(dir), 'tsconfig.json');
const declarationsOf = (dir) => join(generatedOf(dir), 'declarations');

/**
 * The declarations of a package's sources that add to another module's types (the server's `declare module
 * 'fastify'` decorations): a package that reads the package's declarations gets them only through imports that
 * the declarations keep, so they are given to its program whole, as its sources were before.
 */
function augmentations(dir) {
  const found = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        if (/^declare module '/m.test(readFileSync(path, 'utf8'))) found.push(path);
      }
    }
  };
  walk(join(root, dir, 'src'));
  return found.map((path) => join(declarationsOf(dir), relative(root, path).replace(/\.tsx?$/, '.d.ts')));
}

// A package another one reads is built (`composite`, its declarations written); a package nothing reads (the panel,
// the suites in tests/) is only checked, against the declarations of the packages it reads.
const readByOthers = new Set(PROJECTS.flatMap((project) => project.references));
for (const project of PROJECTS) {
  const name = project.dir.replace('/', '-');
  const built = readByOthers.has(project.dir);
  const buildInfo = join(cache, `${name}.tsbuildinfo`);
  // Declarations gone (a new install) with the build info still saying they are written: build the package anew.
  if (built && !existsSync(declarationsOf(project.dir))) rmSync(buildInfo, { force: true });
  const files = [
    ...project.files.map((file) => join(root, file)),
    ...project.references.flatMap((dir) => augmentations(dir)),
  ];
  const config = {
    extends: join(root, project.dir, 'tsconfig.json'),
    compilerOptions: {
      ...(built ? { composite: true, noEmit: false, emitDeclarationOnly: true } : { incremental: true }),
      // One root for every package, so a file another package's program reaches keeps its place under `outDir`.
      rootDir: root,
      outDir: declarationsOf(project.dir),
      tsBuildInfoFile: buildInfo,
    },
    ...(files.length > 0 ? { files } : {}),
    references: project.references.map((dir) => ({ path: configOf(dir) })),
  };
  mkdirSync(generatedOf(project.dir), { recursive: true });
  writeFileSync(configOf(project.dir), `${JSON.stringify(config, null, 2)}\n`);
}

const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const started = process.hrtime.bigint();
const done = new Set();
const failed = [];
let cpuSeconds = 0;
const waiting = [...PROJECTS];
await new Promise((finished) => {
  let running = 0;
  const next = () => {
    if (waiting.length === 0 && running === 0) return finished();
    while (running < AT_ONCE) {
      const index = waiting.findIndex((project) => project.references.every((dir) => done.has(dir)));
      if (index === -1) return;
      const [project] = waiting.splice(index, 1);
      running += 1;
      check(project).then((code) => {
        if (code !== 0) failed.push(project.dir);
        done.add(project.dir);
        running -= 1;
        next();
      });
    }
  };
  next();
});
console.log(
  `typecheck: ${failed.length === 0 ? 'passed' : `FAILED in ${failed.join(', ')}`} in ${seconds(started)} s ` +
    `(${cpuSeconds.toFixed(1)} s of CPU)`,
);
process.exit(failed.length === 0 ? 0 : 1);

function check({ dir }) {
  const pkgStarted = process.hrtime.bigint();
  const child = spawn(process.execPath, [tsc, '-p', configOf(dir), '--pretty', 'false'], {
    cwd: join(root, dir),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((finish) => {
    child.on('error', (error) => {
      console.log(`${dir}: could not start tsc: ${error.message}`);
      finish(1);
    });
    child.on('exit', (code) => {
      const total = childrenCpuSeconds();
      const cpu = total === undefined ? undefined : total - cpuSeconds;
      if (total !== undefined) cpuSeconds = total;
      const cpuText = cpu === undefined ? '' : `, ${cpu.toFixed(1)} s of CPU`;
      console.log(
        `${dir}: ${code === 0 ? 'types check' : 'type errors'} (${seconds(pkgStarted)} s${cpuText})`,
      );
      finish(code ?? 1);
    });
  });
}

/**
 * The CPU the children that ended so far used, in seconds, from /proc (Linux; undefined elsewhere). Read when a
 * child ends, the growth since the last reading is that child's: the process waits for each child as it ends.
 */
function childrenCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // The fields after the command's name (which may hold spaces) start at the state, field 3; cutime and cstime
    // are fields 16 and 17, in clock ticks (100 a second on Linux).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

function seconds(since) {
  return (Number(process.hrtime.bigint() - since) / 1e9).toFixed(1);
}
