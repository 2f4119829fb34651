import { randomBytes } from 'node:crypto';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type ServerConfig } from '../../src/config/config.ts';
import { IN_MEMORY, openDatabase } from '../../src/db/database.ts';
import { type AuthTestApp, freshIp } from '../auth/helpers/auth-app.ts';
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
  const defaultIp = freshIp();
  return {
    app,
    config,
    testDb: { database, url: databaseUrl, drop: () => database.close() },
    smtp,
    clock: { now: Date.now, advance: () => {} },
    call(method, url, options = {}) {
      const headers: Record<string, string> = { 'accept-language': 'en-US', ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.cookie) headers.cookie = options.cookie;
      return app.inject({
        method: method as 'GET',
        url,
        headers,
        remoteAddress: options.ip ?? defaultIp,
        ...(options.body !== undefined ? { payload: options.body as object } : {}),
      });
    },
    async close() {
      await app.close();
      await database.close();
      await smtp.stop();
    },
  };
}
