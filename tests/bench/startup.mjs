// Time from process start to the first served request, on an existing PGlite data directory and on Postgres.
// Target: under 1.5 s on PGlite.
import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTemporaryPostgres } from './_postgres.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const main = join(root, 'packages/server/dist/main.js');
const RUNS = 5;

export async function run() {
  if (!existsSync(main))
    execSync('pnpm --filter @tradedeck/server run build', { cwd: root, stdio: 'inherit' });

  const dataDir = mkdtempSync(join(tmpdir(), 'tradedeck-bench-'));
  try {
    await startOnce({ TRADEDECK_DATA_DIR: dataDir }); // creates and migrates the data directory
    report('PGlite (existing data dir)', await measure({ TRADEDECK_DATA_DIR: dataDir }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const external = process.env.BENCH_DATABASE_URL;
  const postgres = external ? { url: external, stop() {} } : startTemporaryPostgres();
  if (!postgres) {
    console.log('Postgres: not measured (no Postgres binaries; set BENCH_DATABASE_URL to use a server)');
    return;
  }
  try {
    await startOnce({ DATABASE_URL: postgres.url });
    report('Postgres', await measure({ DATABASE_URL: postgres.url }));
  } finally {
    postgres.stop();
  }
}

async function measure(env) {
  const times = [];
  for (let i = 0; i < RUNS; i++) times.push(await startOnce(env));
  return times;
}

/** Starts the server, polls HEAD / until it answers, stops it; returns the milliseconds to the first answer. */
function startOnce(env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [main], {
      env: { ...process.env, PORT: '0', LOG_LEVEL: 'error', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', async (chunk) => {
      output += chunk;
      const match = /Tradedeck panel: (\S+)/.exec(output);
      if (!match || child.served) return;
      child.served = true;
      for (;;) {
        try {
          const res = await fetch(match[1], { method: 'HEAD' });
          if (res.ok) break;
        } catch {
          await new Promise((r) => setTimeout(r, 5));
        }
      }
      const elapsed = performance.now() - started;
      child.once('exit', () => resolve(elapsed));
      child.kill('SIGTERM');
    });
    child.once('exit', (code) => {
      if (!child.served) reject(new Error(`server exited with ${code}`));
    });
  });
}

function report(label, times) {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(
    `${label}: median ${median.toFixed(0)} ms, min ${sorted[0].toFixed(0)} ms, max ${sorted.at(-1).toFixed(0)} ms over ${times.length} starts`,
  );
}
