/**
 * The fixed cost of an API request: seeds N proxies of one user (BENCH_PROXY_LINES, default 20,000) straight into
 * the tables, then sends each query of the proxies mix and a Steam accounts list through real HTTP from a client
 * process of its own, and prints per request the server's CPU (`process.cpuUsage`), the SQL statements and round
 * trips it sent, and on Postgres (BENCH_DATABASE_URL) the cluster's CPU.
 *
 * BENCH_BASE_SRC names a copy of `packages/server` at an older commit: the same figures are then taken for it in
 * the same run, the two servers' requests alternating round by round (BENCH_ROUNDS), so the comparison does not
 * depend on how busy the machine is. A development tool; prints figures, asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { RunningServer } from '../src/server.ts';
import { postgresCpuClock } from './_postgres-cpu.ts';
import { latestUser, seededQueryMix, seedProxies, signIn } from './_proxies-server.ts';
import { runQueryLoad } from './_query-load.ts';

const N = Number(process.env.BENCH_PROXY_LINES ?? 20_000);
const RUNS = Number(process.env.BENCH_PROBE_RUNS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const print = (line: string) => process.stdout.write(`${line}\n`);

interface Sent {
  statements: number;
  roundTrips: number;
}
/** Statements and round trips each server sent, counted at the driver (by database name on Postgres). */
const sentBy = new Map<string, Sent>();
const sentTo = (key: string) => {
  const known = sentBy.get(key);
  if (known) return known;
  const sent = { statements: 0, roundTrips: 0 };
  sentBy.set(key, sent);
  return sent;
};

// node-postgres: one `Client.query` call is one round trip; a simple query may carry several statements.
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text: string } | undefined;
  const text = typeof first === 'string' ? first : (first?.text ?? '');
  const sent = sentTo(this.database ?? '');
  sent.roundTrips++;
  sent.statements += Math.max(1, text.split(';').filter((part) => part.trim() !== '').length);
  return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof clientQuery;

/** PGlite: every protocol call into WebAssembly; each Execute or simple Query message is a statement. */
function countPglite(client: PGlite, sent: Sent): void {
  const raw = client.execProtocolRawSync.bind(client);
  client.execProtocolRawSync = (message: Uint8Array) => {
    sent.roundTrips++;
    for (let at = 0; at < message.length; ) {
      const kind = message[at]!;
      if (kind === 0x45 /* E */ || kind === 0x51 /* Q */) sent.statements++;
      at += 1 + new DataView(message.buffer, message.byteOffset + at + 1, 4).getInt32(0);
    }
    return raw(message);
  };
}

interface Variant {
  label: string;
  server: RunningServer;
  base: string;
  token: string;
  bodies: { name: string; path: string; body: unknown }[];
  databaseCpu: (() => number) | null;
  sent: Sent;
}

async function startVariant(label: string, root: string, databaseUrl: string | null): Promise<Variant> {
  const { startServer } = (await import(`${root}/src/server.ts`)) as typeof import('../src/server.ts');
  const { loadConfig } = (await import(
    `${root}/src/config/config.ts`
  )) as typeof import('../src/config/config.ts');
  const server = await startServer({
    ...loadConfig({}),
    port: 0,
    dataDir: 'memory://',
    databaseUrl,
    logLevel: (process.env.BENCH_LOG_LEVEL ?? 'silent') as 'silent',
    publicUrl: null,
    masterKey: Buffer.alloc(32, 7).toString('base64'),
  });
  const sent = sentTo(databaseUrl ? new URL(databaseUrl).pathname.slice(1) : label);
  if (server.database.kind === 'pglite')
    countPglite((server.database.db as unknown as { $client: PGlite }).$client, sent);
  const token = await signIn(server.url, server.database.db);
  const db = server.database.db;
  const userId = await latestUser(db);
  const t0 = performance.now();
  await seedProxies(db, userId, N);
  print(`${label}: seeded ${N} proxies in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const names = [
    'default page',
    'tag, by latency',
    'country + status, by check',
    'search "user77", 100',
    'excluded tag, page 20',
    'keyset halfway, 100',
    'in use, by status, port',
  ];
  const bodies = [
    ...(await seededQueryMix(db, N)).map((body, i) => ({
      name: names[i]!,
      path: '/api/proxies/query',
      body,
    })),
    { name: 'steam accounts list', path: '/api/steam-accounts/query', body: {} },
  ];
  const databaseCpu = databaseUrl ? await postgresCpuClock(db) : null;
  return { label, server, base: server.url, token, bodies, databaseCpu, sent };
}

interface Figures {
  cpu: number;
  database: number | null;
  statements: number;
  roundTrips: number;
  n: number;
}

async function probe(variant: Variant, index: number): Promise<Figures> {
  const { path, body } = variant.bodies[index]!;
  const load = {
    base: variant.base,
    token: variant.token,
    path,
    bodies: [body],
    clients: 1,
    maxSeconds: 120,
    perClientPerSecond: 0,
  };
  await runQueryLoad({ ...load, requests: 2 }); // warm: plans, caches, the first run of the code
  const { sent } = variant;
  const before = { ...sent };
  const result = await runQueryLoad({ ...load, requests: RUNS }, variant.databaseCpu);
  const n = result.latencies.length;
  return {
    cpu: result.serverCpuMs,
    database: result.databaseCpuMs,
    statements: (sent.statements - before.statements) / n,
    roundTrips: (sent.roundTrips - before.roundTrips) / n,
    n,
  };
}

async function databaseUrlFor(label: string): Promise<string | null> {
  const url = process.env.BENCH_DATABASE_URL?.trim();
  if (!url) return null;
  const name = `request_path_${label}_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

const roots: [string, string][] = [];
if (process.env.BENCH_BASE_SRC) roots.push(['before', process.env.BENCH_BASE_SRC]);
roots.push(['after', new URL('..', import.meta.url).pathname.replace(/\/$/, '')]);
const variants: Variant[] = [];
for (const [label, root] of roots)
  variants.push(await startVariant(label, root, await databaseUrlFor(label)));

print(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}; ${RUNS} requests per query per round`,
);
// BENCH_CPU_PROFILE=file: a V8 CPU profile of the measured requests only (not the start or the seeding).
const profiler = process.env.BENCH_CPU_PROFILE ? new Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
const totals = new Map<string, Figures>();
for (let round = 0; round < ROUNDS; round++) {
  for (let index = 0; index < variants[0]!.bodies.length; index++) {
    for (const variant of variants) {
      const f = await probe(variant, index);
      const key = `${index}\t${variant.label}`;
      const sum = totals.get(key);
      if (!sum) totals.set(key, f);
      else {
        sum.cpu += f.cpu;
        sum.database = sum.database === null ? null : sum.database + (f.database ?? 0);
        sum.statements += f.statements;
        sum.roundTrips += f.roundTrips;
      }
    }
  }
}
if (profiler) {
  const { profile } = await profiler.post('Profiler.stop');
  writeFileSync(process.env.BENCH_CPU_PROFILE!, JSON.stringify(profile));
}
const means = new Map<string, number[]>();
for (let index = 0; index < variants[0]!.bodies.length; index++) {
  const parts = variants.map((variant) => {
    const f = totals.get(`${index}\t${variant.label}`)!;
    const database = f.database === null ? '' : ` + db ${(f.database / ROUNDS).toFixed(1)}`;
    const mean = means.get(variant.label) ?? [0, 0];
    mean[0]! += f.cpu / ROUNDS;
    mean[1]! += (f.database ?? 0) / ROUNDS;
    means.set(variant.label, mean);
    return `${variant.label}: server ${(f.cpu / ROUNDS).toFixed(2)} ms${database}, ${(f.statements / ROUNDS).toFixed(1)} statements, ${(f.roundTrips / ROUNDS).toFixed(1)} round trips`;
  });
  print(`${variants[0]!.bodies[index]!.name.padEnd(28)} ${parts.join(' | ')}`);
}
const count = variants[0]!.bodies.length;
for (const [label, [cpu, database]] of means)
  print(
    `${label}: mean server CPU ${(cpu! / count).toFixed(2)} ms${variants[0]!.databaseCpu ? `, database ${(database! / count).toFixed(2)} ms` : ''} per request`,
  );
print(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}`,
);
for (const variant of variants) await variant.server.stop();
