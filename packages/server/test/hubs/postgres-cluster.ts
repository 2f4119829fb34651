import pg from 'pg';
import { postgresBinaries, startCluster, stopCluster } from '../fault/cluster.ts';
import { createTestDatabase, TEST_DATABASE_URL } from '../helpers/test-database.ts';

export interface ThrowAwayPostgres {
  url: string;
  stop(): Promise<void>;
}

/**
 * A real Postgres for multi-process tests: a fresh database on TEST_DATABASE_URL when set, otherwise a cluster
 * started here from the installed Postgres binaries (as the `postgres` OS user when running as root). Answers a
 * reason instead when neither is possible.
 */
export async function throwAwayPostgres(): Promise<ThrowAwayPostgres | { unavailable: string }> {
  if (TEST_DATABASE_URL) {
    const testDb = await createTestDatabase();
    await testDb.database.close();
    return { url: testDb.url!, stop: () => testDb.drop().catch(() => {}) };
  }
  const bin = postgresBinaries();
  if (!bin) {
    return {
      unavailable:
        'TEST_DATABASE_URL is not set and no Postgres binaries were found under /usr/lib/postgresql',
    };
  }
  const cluster = await startCluster(bin);
  return { url: cluster.url, stop: async () => stopCluster(cluster) };
}

/** `throwAwayPostgres` with a client connected to it, for a test that counts rows while server processes run. */
export async function throwAwayPostgresClient(): Promise<
  { postgres: ThrowAwayPostgres; db: pg.Client } | { unavailable: string }
> {
  const found = await throwAwayPostgres();
  if ('unavailable' in found) return found;
  const db = new pg.Client({ connectionString: found.url });
  await db.connect();
  return { postgres: found, db };
}
