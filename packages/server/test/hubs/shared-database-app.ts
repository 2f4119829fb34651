import { randomBytes } from 'node:crypto';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type ServerConfig } from '../../src/config/config.ts';
import { IN_MEMORY, openDatabase } from '../../src/db/database.ts';
import { type AuthTestApp, asTestApp } from '../auth/helpers/auth-app.ts';
import { SmtpSink } from '../auth/helpers/smtp-sink.ts';

/** A master key for every server process of one test, so each verifies the others' access tokens. */
export function sharedMasterKey(): string {
  return randomBytes(32).toString('base64');
}

/**
 * The real app, listening on loopback, on an existing Postgres database that other server processes share. It
 * keeps the wall clock (the other processes cannot follow a test clock), so `clock.advance` does nothing.
 */
export async function authAppOnDatabase(databaseUrl: string, masterKey: string): Promise<AuthTestApp> {
  const smtp = new SmtpSink();
  const smtpUrl = await smtp.start();
  const config: ServerConfig = {
    ...loadConfig({}),
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    smtpUrl,
    databaseUrl,
    dataDir: IN_MEMORY,
    masterKey,
    port: 0,
  };
  const database = await openDatabase(config);
  await database.migrate();
  const app = await buildApp({ config, database });
  await app.ready();
  // The database outlives this process: dropping it here only closes the connection.
  const testDb = { database, url: databaseUrl, drop: () => database.close() };
  return asTestApp({ app, config, testDb, smtp, clock: { now: Date.now, advance: () => {} } });
}
