/**
 * `pnpm bench harvester`: a sandbox harvest session of 100 sources x 1,000 items to 10 targets through the real API
 * on loopback (in-memory PGlite, or Postgres with BENCH_DATABASE_URL), followed live by 20 hub watchers (the sdk hub
 * client over the official SignalR client) in a process of their own. Prints transactions per second, the time to
 * complete, events per second delivered to the watchers, the server's CPU time per transaction and its peak RSS,
 * with the load average (the machine may be shared: CPU time per transaction does not depend on it).
 * BENCH_SOURCES, BENCH_TARGETS, BENCH_ITEMS and BENCH_WATCHERS change the size.
 */
import { spawn } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { harvesterSessionSource } from '@tradedeck/sdk/contract';
import { HARVEST_EVERYTHING } from '@tradedeck/sdk/domain';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { SANDBOX_SEED, SandboxWorld } from '../src/integrations/steam/index.ts';
import { addSandboxAccounts, type BenchCall } from './_sandbox-bench.ts';
import { createHarvestSession } from './_sandbox-harvest.ts';

const SOURCES = Number(process.env.BENCH_SOURCES ?? 100);
const TARGETS = Number(process.env.BENCH_TARGETS ?? 10);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 1000);
const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 20);
const PASSWORD = 'Quartz-Lantern-42';
const databaseUrl = process.env.BENCH_DATABASE_URL?.trim() || null;
const cpus = availableParallelism();

const print = (line: string) => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

const world = new SandboxWorld(SANDBOX_SEED, {
  inventorySizes: { cs2: 0, dota2: ITEMS, tf2: 0, rust: 0, community: 0 },
});
const config = {
  ...loadConfig({ TRADEDECK_INVENTORY_SCHEDULE: 'off' }),
  mode: 'sandbox' as const,
  port: 0,
  dataDir: 'memory://',
  databaseUrl,
  logLevel: 'silent',
  publicUrl: null,
  masterKey: Buffer.alloc(32, 7).toString('base64'),
};
const database = await openDatabase(config);
await database.migrate();
const app = await buildApp({ config, database, steam: { sandboxWorld: world } });
const base = await app.listen({ host: '127.0.0.1', port: 0 });

async function call<T>(method: string, path: string, body?: unknown, bearer?: string): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'accept-language': 'en',
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const envelope = (await response.json()) as { success: boolean; data: T; error: { message: string } };
  // A long session outlives the access token: sign in again once and repeat the call.
  if (!envelope.success && response.status === 401 && bearer && bearer === token) {
    token = await signIn();
    return call(method, path, body, token);
  }
  if (!envelope.success) throw new Error(`${method} ${path}: ${envelope.error.message}`);
  return envelope.data;
}

const email = `harvest-${Date.now()}@example.test`;
await call('POST', '/api/auth/register', { email, userName: 'harvestbench', password: PASSWORD });
const outbox = (await database.db.execute(
  `select link from mail_outbox where recipient = '${email}' order by id desc limit 1`,
)) as unknown as { rows: Array<{ link: string }> };
const params = new URL(outbox.rows[0]!.link).searchParams;
await call('POST', '/api/auth/confirm-email', { userId: params.get('userId'), code: params.get('code') });
const signIn = async () =>
  (await call<{ accessToken: string }>('POST', '/api/auth/login', { email, password: PASSWORD })).accessToken;
let token = await signIn();

const accounts = world.healthyAccounts(SOURCES + TARGETS, 20_001);
const setupStarted = performance.now();
const asUser: BenchCall = <T>(method: string, path: string, body?: unknown) =>
  call<T>(method, path, body, token);
const byLogin = await addSandboxAccounts(asUser, accounts, (index) => ({
  address: `10.66.${index >> 8}.${index & 255}`,
  port: 3128,
}));
const ids = accounts.map((account) => byLogin.get(account.login)!);
print(
  `setup: ${accounts.length} sandbox accounts added in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
);

const sessionId = await createHarvestSession(
  asUser,
  HARVEST_EVERYTHING,
  ids.slice(0, SOURCES),
  ids.slice(SOURCES),
);

// The watchers sign in on their own (and again before their access token runs out), like separate people would.
interface WatcherCounts {
  delivered: number;
  perWatcher: number[];
  invalid: number;
  notices: Record<string, number>;
}
let watched: WatcherCounts = { delivered: 0, perWatcher: [], invalid: 0, notices: {} };
const watcherProcess = spawn(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('./_harvester-watchers.ts', import.meta.url))],
  {
    env: {
      ...process.env,
      HARVESTER_WATCHERS: JSON.stringify({
        base,
        email,
        password: PASSWORD,
        sessionId,
        watchers: WATCHERS,
      }),
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  },
);
const watcherExit = new Promise<number | null>((resolve) => watcherProcess.once('exit', resolve));
await new Promise<void>((resolve, reject) => {
  const lines = createInterface({ input: watcherProcess.stdout! });
  lines.on('line', (line) => {
    if (line === 'ready') resolve();
    else if (line.startsWith('{')) watched = JSON.parse(line) as WatcherCounts;
  });
  void watcherExit.then((code) =>
    reject(new Error(`the watchers exited with ${code} before they were ready`)),
  );
});
const delivered = () => watched.delivered;

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 500);
const loadAtStart = load();
const cpuAtStart = process.cpuUsage();
let cpuAtPlan: NodeJS.CpuUsage | null = null;
let cpuPlanMs = 0;
const started = performance.now();
await call('POST', `/api/harvester/sessions/${sessionId}/start`, {}, token);
const startAnswered = performance.now() - started;
print(`start answered in ${startAnswered.toFixed(0)} ms`);
let lastProgress = 0;
const latencies: number[] = [];
let view: {
  finishedAt: string | null;
  status: string;
  counts: Record<string, number>;
  itemsMoved: number;
  plan: { planned: number; runs: number } | null;
};
for (;;) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const asked = performance.now();
  view = await call('GET', `/api/harvester/sessions/${sessionId}`, undefined, token);
  latencies.push(performance.now() - asked);
  // The server's CPU time from the plan on is that of the transactions (the watchers run in their own process).
  if (view.plan && !cpuAtPlan) {
    cpuPlanMs = cpuMs(cpuAtStart);
    cpuAtPlan = process.cpuUsage();
  }
  // A line every 15 s while it runs: a long session shows where it is.
  if (performance.now() - lastProgress >= 15_000) {
    lastProgress = performance.now();
    const planned = view.plan ? `${view.plan.planned} items planned` : 'scanning';
    process.stderr.write(
      `  ${seconds(performance.now() - started)} s: ${view.status}, ${planned}, ${JSON.stringify(view.counts)}, ${delivered()} events delivered, load ${load()}\n`,
    );
  }
  if (view.finishedAt && view.status === 'idle') break;
}
clearInterval(sampler);
const cpuTransactionsMs = cpuAtPlan ? cpuMs(cpuAtPlan) : 0;
const loadAtEnd = load();
// Planning time and the end, as the database recorded them.
const times = (await database.db.execute(
  `select extract(epoch from min(created_at)) * 1000 as planned, extract(epoch from max(updated_at)) * 1000 as last
   from harvester_transactions where session_id = ${sessionId}`,
)) as unknown as { rows: Array<{ planned: string; last: string }> };
const startedAt = Date.now() - (performance.now() - started);
const planned = started + (Number(times.rows[0]!.planned) - startedAt);
const finished = started + (Number(times.rows[0]!.last) - startedAt);
const total = Object.values(view.counts).reduce((a, b) => a + b, 0);
const events = (await database.db.execute(
  `select coalesce(max(version), 0) as n from hub_events where source_id = '${harvesterSessionSource(sessionId)}'`,
)) as unknown as { rows: Array<{ n: string }> };
const expectedPerWatcher = Number(events.rows[0]!.n);
const deadline = Date.now() + 60_000;
while (delivered() < expectedPerWatcher * WATCHERS && Date.now() < deadline) {
  await new Promise((resolve) => setTimeout(resolve, 200));
}
const deliveredAt = performance.now();
latencies.sort((a, b) => a - b);

const runMs = finished - planned;
const notices = Object.entries(watched.notices)
  .map(([kind, count]) => `${count} ${kind}`)
  .join(', ');
print(
  `session: ${SOURCES} sources x ${ITEMS} items to ${TARGETS} targets (${databaseUrl ? 'Postgres' : 'PGlite'}): ` +
    `${view.itemsMoved} items in ${total} transactions (${view.counts.completed ?? 0} completed, ${view.counts.error ?? 0} errors), ${view.plan?.runs ?? 0} run(s)`,
);
print(
  `load average (1 / 5 / 15 min): ${loadAtStart} at the start, ${loadAtEnd} at the end, on ${cpus} cores`,
);
print(
  `time to complete: ${seconds(finished - started)} s (scan and plan ${seconds(planned - started)} s, transactions ${seconds(runMs)} s)`,
);
print(`transactions per second: ${(total / (runMs / 1000)).toFixed(1)}`);
print(
  `server CPU time: ${(cpuTransactionsMs / Math.max(1, total)).toFixed(0)} ms per transaction ` +
    `(${seconds(cpuTransactionsMs)} s for ${total}), scan and plan ${seconds(cpuPlanMs)} s ` +
    `(${(cpuPlanMs / SOURCES).toFixed(0)} ms per source)`,
);
print(
  `events delivered to ${WATCHERS} watchers (own process): ${delivered()} of ${expectedPerWatcher * WATCHERS} ` +
    `(${(delivered() / ((deliveredAt - planned) / 1000)).toFixed(0)} events/s; fewest to one watcher ` +
    `${Math.min(...watched.perWatcher)} of ${expectedPerWatcher})` +
    (watched.invalid > 0 ? `, ${watched.invalid} payloads refused by the schema` : '') +
    (notices ? `; connection notices: ${notices}` : ''),
);
print(
  `start answered in ${startAnswered.toFixed(0)} ms; session reads while it runs: median ${latencies[Math.floor(latencies.length / 2)]?.toFixed(0)} ms, ` +
    `slowest ${latencies.at(-1)?.toFixed(0)} ms over ${latencies.length} reads`,
);
print(`server RSS (watchers not included): ${mb(process.memoryUsage().rss)} now, ${mb(peakRss)} peak`);

watcherProcess.stdin!.end();
await watcherExit;
await app.close();
await database.close();
