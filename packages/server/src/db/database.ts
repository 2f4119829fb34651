import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { pgliteThreadSwitch } from '../config/config.ts';
import { type DataDirLock, lockDataDir } from './data-dir-lock.ts';
import { DatabaseHealth } from './database-health.ts';
import { IN_MEMORY, pgliteSettings, startPgliteEngine } from './pglite-engine.ts';
import { PgliteThread } from './pglite-thread.ts';
import { prepareStatements } from './postgres-prepared.ts';
import { installReliableTransactions } from './postgres-transactions.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** Whether the database answers; requests and `HEAD /` answer 503 while it does not. */
  readonly health: DatabaseHealth;
  /** Applies the committed migrations that have not run yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
  /**
   * PGlite only: start from this dump of a data directory instead of an empty cluster. The test suite migrates one
   * template per run and starts every in-memory test database from it; `restore` unpacks a backup into a new data
   * directory with it.
   */
  template?: Blob | undefined;
  /**
   * PGlite only: the shared buffer pool's size (the engine's `shared_buffers`, 128MB by default). The engine
   * prepares the whole pool at every start; the test suite's small databases start with a smaller one.
   */
  sharedBuffers?: string | undefined;
  /**
   * PGlite only: run the engine on a worker thread of its own, so that a long statement no longer holds the event
   * loop (docs/performance.md, "PGlite on a thread of its own"). Unset, `TRADEDECK_PGLITE_THREAD` decides (off by
   * default): the server's config passes it, and databases opened without the config (tests, tools) follow it.
   */
  embeddedThread?: boolean | undefined;
}

export { IN_MEMORY } from './pglite-engine.ts';

/**
 * How long a request waits for a pooled connection (a free one, or a new one while Postgres is unreachable)
 * before it fails with "unavailable" rather than hanging.
 */
const CONNECT_TIMEOUT_MS = 15_000;

/** Advisory lock id that serialises migrations between server processes on one Postgres. */
const MIGRATION_LOCK_KEY = 740_112_001;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options);
}

/**
 * Creates an embedded database's data directory (the engine's initdb) and applies every migration, then closes
 * it. Run in a process of its own (`pglite-first-start.ts`): the engine's memory for these grows to 700–850 MB and
 * is not given back, while a process that opens the finished directory holds about 300 MB less.
 */
export async function createPgliteDataDir(dataDir: string, sharedBuffers?: string): Promise<void> {
  const client = new PGlite(dataDir, pgliteSettings(sharedBuffers));
  try {
    await client.waitReady;
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() });
  } finally {
    await client.close();
  }
}

/**
 * The first start of a data directory, in a child process when its script is found (built next to the server,
 * or the TypeScript source through tsx); otherwise the caller's own open creates the directory as before.
 */
async function createDataDirApart(dataDir: string, sharedBuffers?: string): Promise<void> {
  const built = fileURLToPath(new URL('./pglite-first-start.js', import.meta.url));
  const source = fileURLToPath(new URL('./pglite-first-start.ts', import.meta.url));
  const args = existsSync(built) ? [built] : existsSync(source) ? ['--import', 'tsx', source] : null;
  if (!args) return;
  const child = spawn(process.execPath, [...args, dataDir, sharedBuffers ?? ''], {
    // From the sources, tsx is found from the server's package.
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    errors = (errors + chunk).slice(-4000);
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0)
    throw new Error(`Creating the embedded database in ${dataDir} failed (exit ${code}): ${errors}`);
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const { dataDir, template, sharedBuffers } = options;
  const inMemory = dataDir === IN_MEMORY;
  const lock: DataDirLock | null = inMemory ? null : await lockDataDir(dataDir);
  const health = new DatabaseHealth(null);
  let engine: EmbeddedEngine;
  try {
    if (!inMemory && !template && !existsSync(join(dataDir, 'PG_VERSION')))
      await createDataDirApart(dataDir, sharedBuffers);
    const onStorageFailure = (error: Error) => health.observe(error);
    engine =
      (options.embeddedThread ?? embeddedThreadFromEnv())
        ? await startOnThread({ dataDir, template, sharedBuffers, onStorageFailure })
        : await startInThread({ dataDir, template, sharedBuffers, onStorageFailure });
    lock?.tightenFiles();
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite(engine.client as PGlite, { schema });
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    health,
    migrate: () => migratePglite(db, { migrationsFolder: migrationsFolder() }),
    async close() {
      health.close();
      try {
        await engine.close();
        lock?.tightenFiles();
      } finally {
        lock?.release();
      }
    },
  };
}

/** The embedded engine as drizzle sees it (a PGlite, or the thread that owns one) and how it closes. */
interface EmbeddedEngine {
  client: PGlite | PgliteThread;
  close(): Promise<void>;
}

type EngineStart = Parameters<typeof startPgliteEngine>[0];

async function startInThread(options: EngineStart): Promise<EmbeddedEngine> {
  const { client, fence } = await startPgliteEngine(options);
  return {
    client,
    // After a storage failure the engine is not entered again, not even to close: its files are as a crash
    // leaves them, and the next start recovers from its write-ahead log.
    close: async () => {
      if (!fence.closed) await client.close();
    },
  };
}

async function startOnThread(options: EngineStart): Promise<EmbeddedEngine> {
  const thread = await PgliteThread.start(options);
  return { client: thread, close: () => thread.close() };
}

/** TRADEDECK_PGLITE_THREAD, for databases opened without the server's config (the test suite, tools). */
function embeddedThreadFromEnv(): boolean {
  return pgliteThreadSwitch(process.env.TRADEDECK_PGLITE_THREAD) ?? false;
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Notices a peer that vanished without closing (failover, network loss) instead of waiting forever.
    keepAlive: true,
    // The app's statements are prepared per connection (postgres-prepared.ts); each run is still planned for its
    // own parameters, as before: a generic plan of a list query (one user's 100,000 rows or another's ten, a
    // rare filter or a common one) can be far worse than the plan for the values at hand.
    options: '-c plan_cache_mode=force_custom_plan',
  });
  const health = new DatabaseHealth(() => pool.query('SELECT 1'));
  // An idle connection the server closes (restart, failover, admin command) must not crash the process: the pool
  // drops it and opens a new one for the next query.
  pool.on('error', (error) => health.lost(error));
  // So must a connection that breaks while checked out (inside a transaction): its query fails, the transaction
  // releases it with the error and the pool drops it.
  pool.on('connect', (client) => {
    client.on('error', (error) => health.lost(error));
    // Each connection parses the app's statements once (see postgres-prepared.ts).
    prepareStatements(client);
    health.restored();
  });
  // Fail at start with a clear error rather than at the first request.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg(pool, { schema });
  installReliableTransactions(db, pool);
  return {
    kind: 'postgres',
    db: db as unknown as Db,
    health,
    async migrate() {
      // Processes starting together take turns, so each migration runs once.
      const lock = await pool.connect();
      let broken: Error | undefined;
      try {
        await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(db, { migrationsFolder: migrationsFolder() });
      } finally {
        await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch((error: Error) => {
          broken = error;
        });
        lock.release(broken);
      }
    },
    async close() {
      health.close();
      await pool.end();
    },
  };
}

/** The committed migrations, found next to the sources in development and next to `dist` when built. */
export function migrationsFolder(): string {
  for (const relative of ['../drizzle', '../../drizzle']) {
    const candidate = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(`${candidate}/meta/_journal.json`)) return candidate;
  }
  throw new Error('The database migrations folder (drizzle/) was not found next to the server');
}
