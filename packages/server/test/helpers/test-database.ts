import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, IN_MEMORY, openDatabase } from '../../src/db/database.ts';

/** Postgres server for the suite, when set; otherwise every test database is an in-memory PGlite. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || null;

export interface TestDatabase {
  database: Database;
  /** Connection string of the throw-away Postgres database (null on PGlite). */
  url: string | null;
  drop(): Promise<void>;
}

/** A fresh, migrated database: in-memory PGlite, or a new database on the test Postgres server. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) {
    const database = await openDatabase({ databaseUrl: null, dataDir: IN_MEMORY });
    await database.migrate();
    return { database, url: null, drop: () => database.close() };
  }
  const name = `tradedeck_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = withDatabaseName(TEST_DATABASE_URL, name);
  const database = await openDatabase({ databaseUrl: url, dataDir: IN_MEMORY });
  await database.migrate();
  return {
    database,
    url,
    async drop() {
      await database.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
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
