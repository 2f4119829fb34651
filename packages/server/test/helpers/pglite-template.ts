import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { IN_MEMORY, openDatabase } from '../../src/db/database.ts';
import { APP_ROLE } from '../../src/security/user-scope.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a freshly migrated PGlite data directory, or null on Postgres. */
    pgliteTemplate: string | null;
  }
}

/**
 * Global setup of the server suite: creates an empty PGlite cluster and runs every migration once, then dumps its
 * data directory to a file that each test database starts from (creating a cluster and migrating it took most
 * of a test file's set-up time). Made anew on every run, so it always matches drizzle/.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const postgresUrl = process.env.TEST_DATABASE_URL?.trim();
  if (postgresUrl) {
    await createAppRole(postgresUrl);
    project.provide('pgliteTemplate', null);
    return () => {};
  }
  const database = await openDatabase({ databaseUrl: null, dataDir: IN_MEMORY });
  await database.migrate();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(join(tmpdir(), 'tradedeck-pglite-template-'));
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

/**
 * Roles belong to the whole Postgres server, not to one database: two workers migrating their databases at once
 * would both find the app role missing and both create it (drizzle/0002_auth_rls.sql), and one would fail. It is
 * created once here, before any worker starts.
 */
async function createAppRole(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_roles where rolname = $1', [APP_ROLE]);
    if (!rowCount)
      await client.query(`CREATE ROLE ${APP_ROLE} NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE`);
  } finally {
    await client.end();
  }
}
