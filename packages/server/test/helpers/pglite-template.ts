import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { IN_MEMORY, openDatabase } from '../../src/db/database.ts';
import { APP_ROLE } from '../../src/security/user-scope.ts';
import { cacheEntry, publish, SERVER, sourcesHash } from './build-cache.ts';
import { postgresTemplate } from './postgres-template.ts';
import { startAppOnce } from './started-template.ts';

/**
 * What the migrated template is made of: the migrations, how the embedded database is opened (extensions, start
 * parameters), these files, and the versions of the engine, the migrator and the job queue (its schema is made in
 * the template, `started-template.ts`).
 */
const TEMPLATE_SOURCES = [
  join(SERVER, 'drizzle'),
  join(SERVER, 'src/db/database.ts'),
  join(SERVER, 'src/db/pglite-engine.ts'),
  fileURLToPath(import.meta.url),
  fileURLToPath(new URL('./started-template.ts', import.meta.url)),
  fileURLToPath(new URL('./postgres-template.ts', import.meta.url)),
  join(SERVER, 'node_modules/@electric-sql/pglite/package.json'),
  join(SERVER, 'node_modules/drizzle-orm/package.json'),
  join(SERVER, 'node_modules/pg-boss/package.json'),
];

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a freshly migrated PGlite data directory, or null on Postgres. */
    pgliteTemplate: string | null;
    /** On `TEST_DATABASE_URL`: the migrated database every test database is created from, else null. */
    postgresTemplate: string | null;
  }
}

/**
 * Global setup of the server suite: creates an empty PGlite cluster and runs every migration once, then dumps its
 * data directory to a file that each test database starts from (creating a cluster and migrating it took most
 * of a test file's set-up time). The file is kept in the server's `node_modules/.cache` under a hash of what it is
 * made of (`TEMPLATE_SOURCES`), so it always matches drizzle/, and a run after one that made it (one test file,
 * the other suite of `pnpm test`, `pnpm test:repeat`) starts at once instead of migrating again (8 s of CPU).
 */
export default async function setup(project: TestProject): Promise<void> {
  const postgresUrl = process.env.TEST_DATABASE_URL?.trim();
  if (postgresUrl) {
    await createAppRole(postgresUrl);
    project.provide('pgliteTemplate', null);
    project.provide(
      'postgresTemplate',
      await postgresTemplate(postgresUrl, sourcesHash('postgres-template', TEMPLATE_SOURCES)),
    );
    return;
  }
  project.provide('postgresTemplate', null);
  project.provide('pgliteTemplate', await pgliteTemplateFile());
}

/**
 * The migrated template's file in the cache, made now when missing: for the server and CLI suites above, and for
 * the end-to-end suite's in-process servers (`tests/e2e/sandbox-panel.ts`).
 */
export async function pgliteTemplateFile(): Promise<string> {
  const cached = cacheEntry(
    'tradedeck-pglite-template-',
    sourcesHash('pglite-template', TEMPLATE_SOURCES),
    '.tar',
  );
  if (!cached.ready) {
    writeFileSync(cached.partial, await migratedDump());
    publish(cached);
  }
  return cached.file;
}

/** A freshly migrated embedded cluster's data directory, started once (the job queue's schema), as a tar file. */
async function migratedDump(): Promise<Buffer> {
  const database = await openDatabase({ databaseUrl: null, dataDir: IN_MEMORY });
  await database.migrate();
  await startAppOnce(database, null);
  const client = (database.db as unknown as { $client: PGlite }).$client;
  // The embedded engine serves one database, `postgres`; its two template databases are never opened, and their
  // 600 files were a third of what every test database unpacked at its start (0.88 s of CPU an open, 0.61 s
  // without them).
  for (const name of ['template0', 'template1']) {
    await client.exec(`ALTER DATABASE ${name} WITH IS_TEMPLATE false`);
    await client.exec(`DROP DATABASE ${name}`);
  }
  const dump = await client.dumpDataDir('none');
  await database.close();
  return Buffer.from(await dump.arrayBuffer());
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
