import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { cacheEntry, publish } from '../helpers/build-cache.ts';

/** A Postgres cluster of the fault suite's own, which the suite restarts (never the shared test server). */
export interface FaultCluster {
  url: string;
  port: number;
  bin: string;
  dir: string;
}

/** The newest installed Postgres binaries (Debian layout), or null when there are none. */
export function postgresBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = join(root, version, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

/** Runs a Postgres binary, as the `postgres` OS user when running as root (Postgres refuses to run as root). */
function run(bin: string, command: string, args: string[]): void {
  const file = join(bin, command);
  if (process.getuid?.() === 0)
    execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: 'pipe' });
  else execFileSync(file, args, { stdio: 'pipe' });
}

const dataOf = (cluster: Pick<FaultCluster, 'dir'>) => join(cluster.dir, 'data');

function pgCtl(cluster: FaultCluster, action: string[]): void {
  run(cluster.bin, 'pg_ctl', [
    '-D',
    dataOf(cluster),
    '-l',
    join(cluster.dir, 'log'),
    '-w',
    '-t',
    '60',
    ...action,
  ]);
}

function startOptions(cluster: FaultCluster): string[] {
  return [
    '-o',
    `-p ${cluster.port} -k ${cluster.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`,
  ];
}

/** A new cluster (a copy of a cached initdb) started on a free port from `fromPort` (54340 by default). */
export async function startCluster(bin: string, fromPort = 54_340): Promise<FaultCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'tradedeck-fault-pg-'));
  ownByPostgres(dir);
  const port = await freePort(fromPort);
  const cluster: FaultCluster = { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, bin, dir };
  copyTree(initializedCluster(bin), dataOf(cluster));
  pgCtl(cluster, [...startOptions(cluster), 'start']);
  return cluster;
}

const INITDB = ['-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8'];

/**
 * A freshly initialized data directory of these binaries, made once and kept in the test cache: every throw-away
 * cluster starts as a copy of it (an `initdb` took 0.8 s of CPU and 2.6 s wall each, a copy a fraction of that).
 */
function initializedCluster(bin: string): string {
  const version = execFileSync(join(bin, 'postgres'), ['--version']).toString().trim();
  const hash = createHash('sha256')
    .update(`${bin}\0${version}\0${INITDB.join(' ')}`)
    .digest('hex')
    .slice(0, 16);
  const cached = cacheEntry('tradedeck-initdb-', hash, '');
  if (cached.ready) return cached.file;
  // initdb runs as the `postgres` user when the tests run as root: it writes into a folder of that user's, which
  // is then copied (owner and modes kept) into the cache.
  const scratch = mkdtempSync(join(tmpdir(), 'tradedeck-initdb-'));
  try {
    ownByPostgres(scratch);
    run(bin, 'initdb', ['-D', join(scratch, 'data'), ...INITDB]);
    copyTree(join(scratch, 'data'), cached.partial);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return publish(cached);
}

/** A copy of a data directory with its owner and modes (Postgres refuses a data directory others can read). */
function copyTree(from: string, to: string): void {
  execFileSync('cp', ['-a', from, to], { stdio: 'pipe' });
}

function ownByPostgres(dir: string): void {
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
}

/** A restart as an operator or a failover does it: every connection is cut, then the server accepts again. */
export function restartCluster(cluster: FaultCluster): void {
  pgCtl(cluster, ['-m', 'fast', ...startOptions(cluster), 'restart']);
}

/** Stops the server of the cluster as an operator does (connections cut), keeping its data for a later start. */
export function pauseCluster(cluster: FaultCluster): void {
  pgCtl(cluster, ['-m', 'fast', 'stop']);
}

/** Starts a paused cluster again on its port. */
export function resumeCluster(cluster: FaultCluster): void {
  pgCtl(cluster, [...startOptions(cluster), 'start']);
}

export function stopCluster(cluster: FaultCluster): void {
  try {
    pgCtl(cluster, ['-m', 'immediate', 'stop']);
  } finally {
    rmSync(cluster.dir, { recursive: true, force: true });
  }
}

/** A query on the cluster from the test itself (one short connection). */
export async function clusterQuery<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Cuts every connection of the server's database, as `pg_terminate_backend` by an administrator does. */
export async function terminateBackends(adminUrl: string, database: string): Promise<number> {
  const rows = await clusterQuery<{ count: string }>(
    adminUrl,
    `select count(*) filter (where pg_terminate_backend(pid)) as count
       from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
    [database],
  );
  return Number(rows[0]?.count ?? 0);
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function freePort(from: number): Promise<number> {
  for (let port = from; port < from + 200; port++) {
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free port from ${from}`);
}

/** A free loopback port chosen by the system (for a server that must come back on the same one). */
export function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
