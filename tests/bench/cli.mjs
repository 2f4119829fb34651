// CLI start-up benchmark: `pnpm bench cli`. Runs the built `tradedeck` (packages/cli/dist) for `--version`,
// `accounts code` and `proxies ls` against a sandbox server on loopback, and prints the median wall time and
// peak memory (RSS) of each beside a bare `node -e ''`. Target: `--version` and `accounts code` under 150 ms and
// 60 MB.
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cliDir = join(root, 'packages/cli');
const entry = join(cliDir, 'dist/index.js');
const worker = fileURLToPath(new URL('./cli-server.ts', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const TARGET_MS = 150;
const TARGET_MB = 60;
// Reports the process' peak memory, CPU time (user + system, ms) and, from Node's HTTP client channels, when its
// first request went out and its last answer ended (ms since the process started) on descriptor 3 as it exits;
// loading it costs well under a megabyte. CPU time depends far less on the machine's load than wall time does.
const PEAK = `data:text/javascript,import{writeSync}from'node:fs';import{subscribe}from'node:diagnostics_channel';let a=0,b=0;subscribe('http.client.request.start',()=>{a||=performance.now()});subscribe('http.client.response.finish',()=>{b=performance.now()});process.on('exit',()=>{try{const u=process.resourceUsage();writeSync(3,[u.maxRSS,(u.userCPUTime+u.systemCPUTime)/1000,a,b,performance.now()].join(' '))}catch{}})`;

export async function run() {
  execSync('pnpm --filter @tradedeck/cli run build', { cwd: root, stdio: 'ignore' });
  const server = spawn(process.execPath, ['--import', 'tsx', worker], {
    cwd: cliDir,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  try {
    const ready = JSON.parse(await firstLine(server.stdout));
    const env = {
      ...process.env,
      TRADEDECK_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'tradedeck-bench-cfg-')),
      TRADEDECK_SERVER: ready.url,
      TRADEDECK_TOKEN: ready.token,
      LANG: 'C.UTF-8',
    };
    const cases = [
      ["node -e ''", ['-e', ''], false],
      ['tradedeck --version', [entry, '--version'], true],
      ['tradedeck accounts code', [entry, 'accounts', 'code', ready.login], true],
      ['tradedeck proxies ls', [entry, 'proxies', 'ls'], false],
    ];
    console.log(
      `median of ${RUNS} runs (the fastest in brackets: the load slows it least); target for the starred lines: ${TARGET_MS} ms and ${TARGET_MB} MB`,
    );
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${availableParallelism()} cores`,
    );
    let nodeMs = 0;
    let nodeCpu = 0;
    for (const [label, args, targeted] of cases) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await once(args, env));
      const ms = median(runs.map((r) => r.ms));
      const fastest = Math.min(...runs.map((r) => r.ms));
      const mb = median(runs.map((r) => r.kb)) / 1024;
      const cpu = median(runs.map((r) => r.cpuMs));
      nodeMs ||= ms;
      nodeCpu ||= cpu;
      // On a busy machine node itself starts slowly: the time over a bare node is shown beside.
      const over = label.startsWith('node')
        ? ` cpu ${cpu.toFixed(0)} ms`
        : ` (node + ${(ms - nodeMs).toFixed(0)} ms; cpu ${cpu.toFixed(0)} ms, node + ${(cpu - nodeCpu).toFixed(0)})`;
      const verdict = targeted ? (ms <= TARGET_MS && mb <= TARGET_MB ? '  ok' : '  ABOVE TARGET') : '';
      console.log(
        `${targeted ? '*' : ' '} ${label.padEnd(26)} ${ms.toFixed(0).padStart(5)} ms (${fastest.toFixed(0)}) ${mb.toFixed(1).padStart(6)} MB${over}${verdict}`,
      );
      // Where a command's time goes: its own start-up up to the first request, the server's answers, the rest.
      const asked = runs.filter((r) => r.firstRequest > 0);
      if (asked.length === runs.length) {
        const startUp = median(asked.map((r) => r.firstRequest));
        const answers = median(asked.map((r) => r.lastAnswer - r.firstRequest));
        const after = median(asked.map((r) => r.exit - r.lastAnswer));
        console.log(
          `    in the process: first request at ${startUp.toFixed(0)} ms, answers ${answers.toFixed(0)} ms, exit ${after.toFixed(0)} ms later`,
        );
      }
    }
  } finally {
    server.stdin.end();
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

/** One run: wall time from spawn to exit, and the peak RSS the process reported (KB). */
function once(args, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', PEAK, ...args], {
      env,
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    let peak = '';
    let errors = '';
    child.stdio[3].on('data', (chunk) => {
      peak += chunk;
    });
    child.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    child.once('exit', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) reject(new Error(`${args.join(' ')} exited ${code}: ${errors}`));
      else {
        const [kb, cpuMs, firstRequest, lastAnswer, exit] = peak.split(' ').map(Number);
        resolve({ ms, kb, cpuMs, firstRequest, lastAnswer, exit });
      }
    });
  });
}

function firstLine(stream) {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: stream });
    lines.once('line', resolve);
    stream.once('end', () => reject(new Error('the bench server ended before it was ready')));
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
