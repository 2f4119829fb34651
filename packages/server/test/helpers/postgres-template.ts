import pg from 'pg';
import { IN_MEMORY, openDatabase } from '../../src/db/database.ts';
import { startAppOnce } from './started-template.ts';

/** Names of the migrated template databases on a test Postgres server; the hash part names their sources. */
const PREFIX = 'tradedeck_template_';
/** Held while a template is made, so two runs on one server never migrate the same one at once. */
const TEMPLATE_LOCK_KEY = 7_120_411;

/**
 * The migrated database of these sources on the test Postgres server at `url`, made once and kept for later runs:
 * each test database is then `CREATE DATABASE … TEMPLATE` it, a file copy of milliseconds instead of every
 * migration again (2-3.5 s per database), with the job queue's schema made (`startAppOnce`). It allows no connections once made, so a copy is never refused for a
 * session still open on it. Templates of other sources (older migrations) are dropped.
 */
export async function postgresTemplate(url: string, hash: string): Promise<string> {
  const name = `${PREFIX}${hash}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const { rows } = await admin.query<{ datname: string; datistemplate: boolean }>(
      'SELECT datname, datistemplate FROM pg_database WHERE starts_with(datname, $1)',
      [PREFIX],
    );
    for (const row of rows) {
      // A template of these sources is kept; one left half-made (not yet marked a template) is made again.
      if (row.datname === name && row.datistemplate) continue;
      await admin.query(`ALTER DATABASE ${row.datname} WITH IS_TEMPLATE false ALLOW_CONNECTIONS true`);
      await admin.query(`DROP DATABASE ${row.datname} WITH (FORCE)`);
    }
    if (!rows.some((row) => row.datname === name && row.datistemplate)) {
      await admin.query(`CREATE DATABASE ${name}`);
      const templateUrl = withDatabaseName(url, name);
      const database = await openDatabase({ databaseUrl: templateUrl, dataDir: IN_MEMORY });
      try {
        await database.migrate();
        await startAppOnce(database, templateUrl);
      } finally {
        await database.close();
      }
      await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    }
    return name;
  } finally {
    await admin.end();
  }
}

/** `url` with its database name replaced. */
export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
