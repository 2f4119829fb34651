import pg from 'pg';
import type PgBoss from 'pg-boss';

/**
 * The lease renewals' own connection on Postgres: a renewal never waits behind pg-boss's fetches and completions in
 * its pool. A renewal that hangs (a lost connection) fails after `timeoutMs` and the next tick tries again on a new
 * connection.
 */
export function leaseConnection(
  databaseUrl: string,
  timeoutMs: number,
  onError: (error: Error) => void,
): { db: PgBoss.Db; close(): Promise<void> } {
  // As the app's pool (db/database.ts): a connect that hangs fails, and a dead peer is noticed.
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 1,
    query_timeout: timeoutMs,
    connectionTimeoutMillis: 15_000,
    keepAlive: true,
  });
  // An idle connection the server dropped: the pool opens a new one for the next renewal.
  pool.on('error', (error) => onError(error));
  return {
    db: { executeSql: (text, values) => pool.query(text, values) },
    close: () => pool.end(),
  };
}
