import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../../src/db/database.ts';

/** One statement as the database driver receives it: its text and its bound parameters. */
export type SeenStatement = (text: string, params: readonly unknown[]) => void;

type Queryable = { query: (...args: never[]) => unknown };
type PgQueryConfig = { text?: string; values?: unknown };

/**
 * Calls `seen` with every statement sent to the test's database until the returned function is called: on PGlite
 * through the database's own client and its transactions, on Postgres through every `pg` client of this process
 * (the app's pool, and pg-boss's).
 */
export function watchStatements(database: Database, seen: SeenStatement): () => void {
  const undo = [watchQuery(pg.Client.prototype, seen)];
  if (database.kind === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    undo.push(watchQuery(client, seen));
    const transaction = client.transaction;
    client.transaction = function <T>(this: PGlite, callback: (tx: Transaction) => Promise<T>) {
      return transaction.call(this, (tx: Transaction) => {
        watchQuery(tx, seen);
        return callback(tx);
      }) as Promise<T>;
    } as PGlite['transaction'];
    undo.push(() => {
      client.transaction = transaction;
    });
  }
  return () => {
    for (const restore of undo) restore();
  };
}

function watchQuery<T extends Queryable>(target: T, seen: SeenStatement): () => void {
  const query = target.query;
  target.query = function (this: unknown, ...args: never[]) {
    // `query(text, params)`, or pg's `query({ text, values })`.
    const [first, second] = args as unknown[];
    const config =
      typeof first === 'string' ? { text: first, values: second } : (first as PgQueryConfig | null);
    seen(String(config?.text ?? ''), Array.isArray(config?.values) ? config.values : []);
    return query.apply(this, args);
  } as T['query'];
  return () => {
    target.query = query;
  };
}
