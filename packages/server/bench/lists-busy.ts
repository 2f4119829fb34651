/**
 * `pnpm bench lists-busy` (issue 42): the trader's mix over 100,000 proxies at 2 queries/s a client (10 clients on
 * PGlite, 50 on Postgres when BENCH_DATABASE_URL names one), first with the server idle, then while a sandbox
 * harvester session and sandbox sellers with sales arriving run in the same server for the same user. Prints
 * p50/p95/p99/max of both, the server's CPU per query, the event loop's delay, the garbage collector's pauses, on
 * Postgres the connections' states, the load average, and the p99 ratio busy / idle beside the target (within 2x).
 * The real clock; each run bounded by BENCH_QUERY_SECONDS. Prints figures; asserts nothing.
 */
import { loadavg } from 'node:os';
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/database.ts';
import { apiCaller } from './_busy-call.ts';
import { watchConnections } from './_busy-connections.ts';
import { type BusySizes, type BusyWork, busyPorts, prepareBusyWork } from './_busy-work.ts';
import { watchGcPauses } from './_gc-pauses.ts';
import { postgresCpuClock } from './_postgres-cpu.ts';
import { LIST_LOAD, seedOwnProxies, spreadOwnProxies } from './_proxies-seed.ts';
import { latestUser, logIn, startBenchServer, traderQueryMix } from './_proxies-server.ts';
import { percentile, type QueryLoad, type QueryLoadResult, runQueryLoad } from './_query-load.ts';

const print = (line: string) => process.stdout.write(`${line}\n`);
const { proxies: COUNT, clients: CLIENTS, pgliteClients: PGLITE_CLIENTS } = LIST_LOAD;
/** Each measured run's length: clients stop starting queries after it. */
const SECONDS = Number(process.env.BENCH_QUERY_SECONDS ?? 30);
/**
 * The same load, not measured, before each run: both runs start with the totals and page boundaries that load
 * keeps (a kept total lives a minute, so the idle run's would be gone by the busy one).
 */
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 10);
/** How long the harvester may scan and plan before the busy load starts anyway. */
const PLAN_SECONDS = Number(process.env.BENCH_BUSY_PLAN_SECONDS ?? 180);
const PER_CLIENT_PER_SECOND = 2;
/** How long the server may take to stop after its run before the next one starts anyway. */
const STOP_SECONDS = 60;
const RATIO_TARGET = 2;
const SIZES: BusySizes = {
  sources: Number(process.env.BENCH_BUSY_SOURCES ?? 30),
  targets: Number(process.env.BENCH_BUSY_TARGETS ?? 5),
  items: Number(process.env.BENCH_BUSY_ITEMS ?? 1000),
  sellers: Number(process.env.BENCH_BUSY_SELLERS ?? 20),
  saleEverySeconds: Number(process.env.BENCH_BUSY_SALE_SECONDS ?? 10),
  livePacing: process.env.BENCH_BUSY_PACING !== 'sandbox',
};

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');

/** One line of a run's figures: latency percentiles, throughput, CPU per query and of the process, load. */
function describe(label: string, result: Measured, clients: number): string {
  const { latencies, seconds, serverCpuMs, databaseCpuMs, loopDelay } = result;
  const ms = (p: number) => percentile(latencies, p).toFixed(1);
  const core = (serverCpuMs * latencies.length) / (seconds * 10);
  const database = databaseCpuMs === null ? '' : `, Postgres CPU ${databaseCpuMs.toFixed(2)} ms/query`;
  return (
    `${label}: p50 ${ms(50)} ms, p95 ${ms(95)} ms, p99 ${ms(99)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms,` +
    ` ${(latencies.length / seconds).toFixed(1)} queries/s of ${clients * PER_CLIENT_PER_SECOND} asked,` +
    ` server CPU ${serverCpuMs.toFixed(2)} ms/query (the process at ${core.toFixed(0)} % of a core)${database},` +
    ` event loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms, max ${(loopDelay.max / 1e6).toFixed(0)} ms` +
    ` (load average 1 / 5 / 15 min: ${loadAverage()})`
  );
}

interface Measured extends QueryLoadResult {
  /** How late the server's event loop ran timers during the run: how long something held the loop. */
  loopDelay: IntervalHistogram;
  /** The garbage collector's pauses over the run (one line), to tell them from statements holding the loop. */
  gcPauses: string;
  /** Postgres only: what the connections did over the run (one line). */
  connections: string | null;
}

/** A measured run, with the event loop's delay over it. */
async function measured(
  load: QueryLoad,
  databaseCpu: (() => number) | null,
  databaseUrl: string | null,
): Promise<Measured> {
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const gcPauses = watchGcPauses();
  const connections = databaseUrl ? await watchConnections(databaseUrl) : null;
  const result = await runQueryLoad(load, databaseCpu);
  loopDelay.disable();
  return { ...result, loopDelay, gcPauses: gcPauses(), connections: (await connections?.()) ?? null };
}

/** The warm-up load, then the measured one. */
async function warmAndRun(
  load: QueryLoad,
  databaseCpu: (() => number) | null,
  databaseUrl: string | null,
): Promise<Measured> {
  if (WARM_SECONDS > 0) await runQueryLoad({ ...load, maxSeconds: WARM_SECONDS });
  return measured(load, databaseCpu, databaseUrl);
}

/** The transactions that wrote to the tables the proxies list counts, since `xmax` (the list's kept totals end). */
async function listWritesSince(db: Db, userId: string, xmax: string): Promise<string> {
  const result = (await db.execute(
    sql`select source, count(*)::int as n from list_changes where user_id = ${userId}::uuid
      and xid >= ${xmax}::xid8 and source in ('proxies', 'proxy_tag_links', 'steam_accounts')
      group by source order by source`,
  )) as unknown as { rows: { source: string; n: number }[] };
  return result.rows.map((row) => `${row.source} ${row.n}`).join(', ') || 'none';
}

async function currentXmax(db: Db): Promise<string> {
  const result = (await db.execute(
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`,
  )) as unknown as { rows: { x: string }[] };
  return result.rows[0]!.x;
}

async function measure(label: string, databaseUrl: string | null, clients: number): Promise<void> {
  const ports = busyPorts(SIZES);
  const server = await startBenchServer(databaseUrl, 'memory://', ports);
  let work: BusyWork | null = null;
  try {
    const db = server.db;
    const seeding = performance.now();
    await seedOwnProxies(db, COUNT);
    await spreadOwnProxies(db);
    const userId = await latestUser(db);
    const who = (await db.execute(sql`select email from users where id = ${userId}::uuid`)) as unknown as {
      rows: { email: string }[];
    };
    const email = who.rows[0]!.email;
    // A fresh access token (15 minutes) after a seeding that may have been long; the step-up window is its session's.
    const token = await logIn(server.base, email);
    work = await prepareBusyWork(apiCaller(server.base, token), db, email, ports.steam.sandboxWorld, SIZES);
    print(
      `lists-busy ${label}: ${COUNT.toLocaleString('en')} proxies seeded and ${SIZES.sources + SIZES.targets} harvester` +
        ` and ${SIZES.sellers} seller accounts added in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const databaseCpu = databaseUrl ? await postgresCpuClock(db) : null;
    const load: QueryLoad = {
      base: server.base,
      token,
      path: '/api/proxies/query',
      bodies: traderQueryMix(COUNT),
      clients,
      // Never the bound: the run ends by time.
      requests: clients * PER_CLIENT_PER_SECOND * SECONDS * 10,
      maxSeconds: SECONDS,
      perClientPerSecond: PER_CLIENT_PER_SECOND,
    };
    const heading = `lists-busy ${label}, trader's mix, ${clients} clients x ${PER_CLIENT_PER_SECOND}/s, totals kept`;
    const idle = await warmAndRun(load, databaseCpu, databaseUrl);
    print(describe(`${heading}, idle`, idle, clients));
    print(idle.gcPauses);
    if (idle.connections) print(idle.connections);

    await work.start();
    const planWait = performance.now();
    await work.untilTransactions(PLAN_SECONDS);
    const planned = await work.progress();
    print(
      `  busy work started: harvester ${planned.harvester} after ${((performance.now() - planWait) / 1000).toFixed(0)} s` +
        ` (${planned.transactionsTotal} transactions planned, ${SIZES.sources} sources x ${SIZES.items} items to ${SIZES.targets} targets),` +
        ` ${SIZES.sellers} sellers, a sale on each every ${SIZES.saleEverySeconds} s, ${SIZES.livePacing ? "live Steam's" : "the sandbox's"} pacing`,
    );
    if (WARM_SECONDS > 0) await runQueryLoad({ ...load, maxSeconds: WARM_SECONDS });
    const before = await work.progress();
    const xmax = await currentXmax(db);
    const busy = await measured(load, databaseCpu, databaseUrl);
    const after = await work.progress();
    print(describe(`${heading}, busy`, busy, clients));
    print(busy.gcPauses);
    if (busy.connections) print(busy.connections);
    print(
      `  during the busy run: harvester ${after.harvester}, ${after.transactionsDone - before.transactionsDone} transactions ended` +
        ` (${after.transactionsDone} of ${after.transactionsTotal} in all${after.harvesterFinished ? ', FINISHED: the harvester did not last the run, raise BENCH_BUSY_SOURCES' : ''});` +
        ` ${after.salesListed - before.salesListed} items put on sale, ${after.offersSent - before.offersSent} trade offers sent;` +
        ` transactions writing to the list's tables: ${await listWritesSince(db, userId, xmax)}`,
    );
    const ratio = percentile(busy.latencies, 99) / Math.max(0.001, percentile(idle.latencies, 99));
    print(
      `  p99 busy / idle: ${ratio.toFixed(2)}x — target p99 within ${RATIO_TARGET}x of idle: ${ratio <= RATIO_TARGET ? 'OK' : 'MISSED'}`,
    );
  } finally {
    // The figures are out: a slow stop is not measured, but a stop that never ends must not hold the next run.
    const within = (stopping: Promise<unknown>) =>
      Promise.race([
        stopping.then(
          () => 'in time',
          (error: unknown) => `with a failure (${(error as Error).message?.split('\n')[0]})`,
        ),
        new Promise<string>((resolve) =>
          setTimeout(() => resolve(`not within ${STOP_SECONDS} s`), STOP_SECONDS * 1000),
        ),
      ]);
    const started = performance.now();
    const workStop = await within(work?.stop() ?? Promise.resolve());
    const serverStop = await within(server.stop());
    print(
      `  (stopping: the harvester paused and the sellers stopped ${workStop}, the ${label} server stopped ${serverStop};` +
        ` ${((performance.now() - started) / 1000).toFixed(1)} s in all)`,
    );
  }
}

// A stopping server with work under way fails in ways that are not the benchmark's to fix (reported): a job run
// after its database closed, a close hook past Fastify's timeout. Noted, so the figures and any next run stand.
const notes = new Map<string, number>();
const note = (error: unknown) => {
  const message = (error as Error).message?.split('\n')[0] ?? String(error);
  notes.set(message, (notes.get(message) ?? 0) + 1);
  if (notes.get(message) === 1) print(`  (while a server stopped: ${message})`);
};
process.on('unhandledRejection', note);
process.on('uncaughtException', note);

if (process.env.BENCH_PGLITE !== '0')
  await measure(
    process.env.BENCH_PGLITE_THREAD === '1' ? 'PGlite on its thread' : 'PGlite',
    null,
    PGLITE_CLIENTS,
  );
const postgres = process.env.BENCH_DATABASE_URL?.trim() || null;
if (postgres) await measure('Postgres', postgres, CLIENTS);
// The launcher names it empty in the PGlite process when Postgres runs in a process of its own.
else if (process.env.BENCH_DATABASE_URL === undefined)
  print('lists-busy Postgres: skipped (no Postgres: set BENCH_DATABASE_URL or install Postgres)');
for (const [message, count] of notes) if (count > 1) print(`  (${count} times in all: ${message})`);
process.exit(0);
