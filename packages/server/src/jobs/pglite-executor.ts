import type { PGlite, Results } from '@electric-sql/pglite';

/** What pg-boss needs from a database it does not connect to itself (`new PgBoss({ db })`). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number }>;
}

export interface PgliteExecutor extends SqlExecutor {
  /** Refuses new statements from now on and resolves once the ones under way have finished. */
  close(): Promise<void>;
}

/** pg-boss wraps its maintenance and migrations in `BEGIN; … COMMIT;` sent as one multi-statement text. */
const WRAPPED_TRANSACTION = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/;

/**
 * Runs pg-boss on the app's embedded PGlite. PGlite is one connection that serialises every statement and
 * transaction, so pg-boss's polling simply takes turns with the app's queries. Two things keep that safe:
 * - a `BEGIN; … COMMIT;` text runs inside PGlite's own transaction, so a failing statement rolls back at once
 *   instead of leaving the shared connection in an aborted transaction for the next caller;
 * - after `close()` statements are refused (pg-boss's worker loop may still poll once while stopping), and close
 *   waits for the statements in flight, so the database can be closed right after.
 * Callers must never wait for a job operation while holding a transaction of their own: the transaction owns the
 * connection, and the job statement would wait for it forever.
 */
export function pgliteExecutor(client: PGlite): PgliteExecutor {
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;

  const run = async (text: string, values?: unknown[]) => {
    if (values && values.length > 0) {
      const result = await client.query(text, values);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    }
    const wrapped = WRAPPED_TRANSACTION.exec(text);
    const results: Results[] = wrapped
      ? await client.transaction((tx) => tx.exec(wrapped[1]!))
      : await client.exec(text);
    const last = results.at(-1);
    return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
  };

  return {
    executeSql(text, values) {
      if (closed) return Promise.reject(new Error('The job queue is stopped'));
      const pending = run(text, values);
      inFlight.add(pending);
      const forget = () => inFlight.delete(pending);
      pending.then(forget, forget);
      return pending;
    },
    async close() {
      closed = true;
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
