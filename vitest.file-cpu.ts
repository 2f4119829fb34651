import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/**
 * Every project's setup file when TRADEDECK_REPORT_DIR is set (CI): what one test file cost the machine, its
 * worker's CPU and that of the processes it started and waited for (spawned servers, the CLI, Postgres tools), one
 * JSON line per file in `<dir>/file-cpu/`. `scripts/ci-file-cpu.mjs` prints the dearest. Registered before the
 * file's own hooks, so its `afterAll` runs after theirs (vitest runs them in reverse) and counts their clean-up.
 * A daemon (the tmux server) is not a child that is waited for: its CPU is not counted.
 */
const dir = process.env.TRADEDECK_REPORT_DIR;

interface FileCpu {
  /** This worker process's user and system CPU. */
  ownMs: number;
  /** Its ended child processes' CPU, once waited for (their own children's too, when they waited for them). */
  childrenMs: number;
}

/** Linux's clock tick, in which /proc gives CPU times: 100 a second on every kernel built with USER_HZ 100. */
const TICK_MS = 10;

/** The CPU used so far; children's CPU only where /proc tells it (Linux). */
function cpuSoFar(): FileCpu {
  const own = process.cpuUsage();
  return { ownMs: (own.user + own.system) / 1000, childrenMs: childrenTicks() * TICK_MS };
}

/** `cutime` + `cstime` of /proc/self/stat: the fields after the command name, whose parentheses may hold spaces. */
function childrenTicks(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Field 3 (state) is fields[0]; cutime and cstime are fields 16 and 17.
    return Number(fields[13]) + Number(fields[14]);
  } catch {
    return 0;
  }
}
// Taken as the file starts, before it is loaded: this module is evaluated again for every file (which is what
// registers its hook for every file), also where files share a worker's loaded modules.
const start = cpuSoFar();
const startedAt = performance.now();

// Vitest reads a hook's first parameter as fixtures, which it wants destructured: the file comes second.
// biome-ignore lint/correctness/noEmptyPattern: no fixture is wanted
afterAll(({}, suite) => {
  if (!dir) return;
  const end = cpuSoFar();
  const line = {
    project: suite.file.projectName ?? 'root',
    file: suite.file.filepath,
    ownMs: Math.round(end.ownMs - start.ownMs),
    childrenMs: Math.round(end.childrenMs - start.childrenMs),
    wallMs: Math.round(performance.now() - startedAt),
  };
  mkdirSync(join(dir, 'file-cpu'), { recursive: true });
  appendFileSync(join(dir, 'file-cpu', `${line.project}-${process.pid}.jsonl`), `${JSON.stringify(line)}\n`);
});
