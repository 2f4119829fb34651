// The server side of the hub benchmark; runs inside packages/server (for its dependencies). See hubs.mjs.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { hubEvents } from '../../packages/sdk/src/contract/index.ts';
import { loadConfig } from '../../packages/server/src/config/config.ts';
import { IN_MEMORY } from '../../packages/server/src/db/database.ts';
import { startServer } from '../../packages/server/src/server.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
const TARGET_DELIVERIES = Number(process.env.BENCH_TARGET_DELIVERIES ?? 20_000);
const PACED_SECONDS = 5;
const WARMUP = 100;
const PACED = Math.round(TARGET_DELIVERIES / CONNECTIONS) * PACED_SECONDS;
const TOKEN = 'bench-token';
const BATCH = 20;
const SINGLE = 1000;

const now = () => performance.timeOrigin + performance.now();

const server = await startServer(
  { ...loadConfig(process.env), port: 0, dataDir: IN_MEMORY, logLevel: 'warn' },
  (app) => {
    app.hubs.setAuthenticator(async (token) => (token === TOKEN ? { userId: 'bench' } : null));
    // Every client is the one bench user: lift the per-user connection cap for them.
    app.hubs.tune({ limits: { maxConnectionsPerUser: CONNECTIONS } });
  },
);
const hubs = server.app.hubs;

// The clients run in their own process, as they would on other machines.
const clients = spawn(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('./hubs-clients.ts', import.meta.url))],
  {
    env: {
      ...process.env,
      BENCH_URL: server.url,
      BENCH_TOKEN: TOKEN,
      BENCH_CONNECTIONS: String(CONNECTIONS),
      BENCH_COUNTS: JSON.stringify({ warm: WARMUP, single: SINGLE, burst: EVENTS, paced: PACED }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const reports = createInterface({ input: clients.stdout! })[Symbol.asyncIterator]();
async function report(): Promise<Record<string, number>> {
  const next = await reports.next();
  if (next.done) throw new Error('the benchmark clients stopped early');
  return JSON.parse(next.value);
}

/** Appends `count` events in batches of `batch`, at most `perSecond` events a second (unpaced when 0). */
async function append(phase: string, count: number, perSecond = 0, batch = 1): Promise<void> {
  const started = performance.now();
  for (let i = 0; i < count; i += batch) {
    if (perSecond > 0) {
      const wait = started + (i * 1000) / perSecond - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const payloads = Array.from({ length: Math.min(batch, count - i) }, (_, k) => ({
      id: i + k,
      result: 1 as const,
      status: 1 as const,
      valid: true,
      latencyMs: 1,
      exitIp: null,
      countryCode: null,
      errorClass: null,
      checkedAt: new Date().toISOString(),
      phase,
      at: now(),
    }));
    await hubs.eventLog.appendMany('bench', hubEvents.proxyStatusUpdated, 'proxies', payloads);
  }
}

await report(); // connected and subscribed
await append('warm', WARMUP);
await report();
const singleStarted = now();
await append('single', SINGLE);
const single = await report();
const singleSeconds = (single.doneAt! - singleStarted) / 1000;
const burstStarted = now();
// Batches, as the proxy checker appends check results: the figure is the fan-out, not the commit rate.
await append('burst', EVENTS, 0, BATCH);
const burst = await report();
const burstSeconds = (burst.doneAt! - burstStarted) / 1000;
await append('paced', PACED, PACED / PACED_SECONDS);
const paced = await report();

console.log(`hubs: ${CONNECTIONS} connections, one server process, database ${server.database.kind}`);
console.log(
  `  throughput  ${EVENTS} events as fast as they go out: ` +
    `${Math.round((EVENTS * CONNECTIONS) / burstSeconds)} deliveries/s (${Math.round(EVENTS / burstSeconds)} events/s ` +
    `appended in batches of ${BATCH})`,
);
console.log(
  `  single      ${SINGLE} events, one append (transaction) each: ` +
    `${Math.round((SINGLE * CONNECTIONS) / singleSeconds)} deliveries/s (${Math.round(SINGLE / singleSeconds)} appends/s)`,
);
console.log(
  `  latency     append -> client callback at ${Math.round((PACED * CONNECTIONS) / PACED_SECONDS)} deliveries/s ` +
    `for ${PACED_SECONDS} s: p50 ${paced.p50!.toFixed(1)} ms, p99 ${paced.p99!.toFixed(1)} ms`,
);

clients.kill('SIGTERM');
await server.stop();
