import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/database.ts';

/**
 * Starts the app once on a freshly migrated template database and closes it, so every test database copied from
 * the template finds the job queue's schema and queues made: pg-boss makes them at an app's first start, 0.5 s of
 * CPU of every test app's start (its schema, then a partitioned table per queue). Everything else that start
 * wrote (the hubs' signing key, the instance's state, any job it queued) is removed, so a test database still
 * starts as the product's first start finds its database. A queue added to the sources later is made at each
 * test app's start until the migrations change and the template is made again.
 */
export async function startAppOnce(database: Database, databaseUrl: string | null): Promise<void> {
  // Loaded here: only a run that makes a template pays for loading the app's sources.
  const { buildApp } = await import('../../src/app.ts');
  const { loadConfig } = await import('../../src/config/config.ts');
  const tables = await appTables(database);
  const empty = new Set<string>();
  for (const table of tables) if (!(await hasRows(database, table))) empty.add(table);
  const app = await buildApp({ config: { ...loadConfig({}), logLevel: 'silent', databaseUrl }, database });
  await app.ready();
  await app.close();
  const written = [];
  for (const table of tables) if (empty.has(table) && (await hasRows(database, table))) written.push(table);
  if (written.length > 0)
    await database.db.execute(sql.raw(`TRUNCATE ${written.join(', ')} RESTART IDENTITY CASCADE`));
}

/**
 * Every table but the kept ones, schema-qualified and quoted, partitions left to their parent. Kept: the
 * migrations' record, and the job queue's tables that describe it (its schema version and queues), not its jobs.
 */
async function appTables(database: Database): Promise<string[]> {
  const result = (await database.db.execute(sql`
    select format('%I.%I', n.nspname, c.relname) as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relispartition
       and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
       and n.nspname <> 'drizzle'
       and not (n.nspname = 'pgboss' and c.relname in ('queue', 'version'))
     order by 1`)) as unknown as { rows: { name: string }[] };
  return result.rows.map((row) => row.name);
}

async function hasRows(database: Database, table: string): Promise<boolean> {
  const result = (await database.db.execute(
    sql.raw(`select exists (select from ${table}) as found`),
  )) as unknown as { rows: { found: boolean }[] };
  return result.rows[0]?.found === true;
}
