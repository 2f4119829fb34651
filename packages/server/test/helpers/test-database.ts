import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, IN_MEMORY, openDatabase } from '../../src/db/database.ts';
// Declares the `pgliteTemplate` value read below, for every package whose tests start from it (the CLI's too).
import type {} from './pglite-template.ts';
import { withDatabaseName } from './postgres-template.ts';

/** Postgres server for the suite, when set; otherwise every test database is an in-memory PGlite. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || null;

export interface TestDatabase {
  database: Database;
  /** Connection string of the throw-away Postgres database (null on PGlite). */
  url: string | null;
  drop(): Promise<void>;
}

export interface TestDatabaseTarget {
  /** For the server config: a fresh Postgres database, or null for in-memory PGlite. */
  databaseUrl: string | null;
  dataDir: string;
  /** Drops the Postgres database (the server using it must be stopped first). */
  drop(): Promise<void>;
}

/** Where a test server should keep its data: a new database on the test Postgres server, else in memory. */
export async function createTestDatabaseTarget(): Promise<TestDatabaseTarget> {
  if (!TEST_DATABASE_URL) return { databaseUrl: null, dataDir: IN_MEMORY, drop: async () => {} };
  const name = `tradedeck_test_${randomBytes(6).toString('hex')}`;
  // A copy of the run's migrated template (postgres-template.ts), so opening it finds nothing left to migrate.
  const template = inject('postgresTemplate');
  await adminQuery(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return {
    databaseUrl: withDatabaseName(TEST_DATABASE_URL, name),
    dataDir: IN_MEMORY,
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * A dump held in memory whose bytes are handed out as a copy: the engine reads a template through `arrayBuffer()`,
 * and a plain Blob streams its 46 MB in chunks and joins them again for every test database (0.1-0.3 s of CPU).
 */
class HeldDump extends Blob {
  readonly #bytes: ArrayBuffer;
  constructor(bytes: ArrayBuffer) {
    super([], { type: 'application/x-tar' });
    this.#bytes = bytes;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes.slice(0));
  }
}

let template: Promise<Blob | undefined> | undefined;

/** The migrated PGlite data directory of this run (see pglite-template.ts), read once per worker. */
export function pgliteTemplate(): Promise<Blob | undefined> {
  template ??= (async () => {
    const file = inject('pgliteTemplate');
    if (!file) return undefined;
    const bytes = await readFile(file);
    return new HeldDump(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  })();
  return template;
}

/**
 * The embedded engine's buffer pool for a test database: it is prepared whole at each start, and a test database
 * holds a few megabytes (an open took 0.84 s of CPU with 32MB and 1.07 s with the default 128MB).
 */
const TEST_SHARED_BUFFERS = '32MB';

/** A fresh, migrated database: in-memory PGlite, or a new database on the test Postgres server. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const target = await createTestDatabaseTarget();
  const database = await openDatabase({
    ...target,
    template: target.databaseUrl ? undefined : await pgliteTemplate(),
    sharedBuffers: TEST_SHARED_BUFFERS,
  });
  await database.migrate();
  return {
    database,
    url: target.databaseUrl,
    async drop() {
      await database.close();
      await target.drop();
    },
  };
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL! });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
