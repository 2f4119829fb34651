import type pg from 'pg';

/** Statements one connection keeps prepared; the least recently used is deallocated past it. */
export const POSTGRES_PREPARED_MAX = 300;

/** Reads and writes with parameters are prepared; utility statements and fixed texts run as before. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** "cached plan must not change result type": a column the statement reads changed its type. */
const RESULT_TYPE_CHANGED = '0A000';

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;

interface QueryConfig {
  text: string;
  name?: string;
  submit?: unknown;
}

/**
 * Names the app's statements on one connection, so node-postgres parses each once per connection and then only
 * binds and executes it (Postgres skips the parse and analysis, and its plan cache decides on the plan as for any
 * prepared statement). The names are never reused: a statement whose result type changed under it (a migration
 * changed a column's type) fails that run once, is forgotten and is prepared under a new name on its next run.
 */
export function prepareStatements(client: pg.PoolClient | pg.Client): void {
  const names = new Map<string, string>();
  let counter = 0;
  const parsed = (client as unknown as { connection: { parsedStatements: Record<string, string> } })
    .connection.parsedStatements;
  const query = client.query.bind(client) as Query;
  const forget = (text: string, name: string) => {
    names.delete(text);
    delete parsed[name];
    // Ignored if it fails (an aborted transaction): the name is never used again, the connection keeps it.
    (query(`deallocate ${name}`) as Promise<unknown>).catch(() => {});
  };
  (client as unknown as { query: Query }).query = (config, values, callback) => {
    if (!preparable(config, values)) return query(config, values, callback);
    const { text } = config;
    let name = names.get(text);
    if (name) {
      // Most recently used last: the bound deallocates the least recently used.
      names.delete(text);
      names.set(text, name);
    } else {
      if (names.size >= POSTGRES_PREPARED_MAX) {
        const [oldestText, oldestName] = names.entries().next().value as [string, string];
        forget(oldestText, oldestName);
      }
      name = `td${++counter}`;
      names.set(text, name);
    }
    const named = name;
    const changed = (error: unknown) =>
      (error as { code?: string } | null)?.code === RESULT_TYPE_CHANGED && names.get(text) === named;
    if (typeof callback === 'function') {
      // The pool's own query (a statement outside any transaction) calls back: there a statement whose result
      // type changed is prepared again and run at once.
      const done = callback as (error: Error | null, result: unknown) => void;
      return query({ ...config, name: named }, values, (error: Error | null, result: unknown) => {
        if (!changed(error)) return done(error, result);
        // Once the failed query has finished with the connection.
        setImmediate(() => {
          forget(text, named);
          (client as unknown as { query: Query }).query(config, values, done);
        });
      });
    }
    const result = query({ ...config, name: named }, values);
    if (result instanceof Promise)
      result.catch((error: unknown) => {
        if (changed(error)) forget(text, named);
      });
    return result;
  };
}

function preparable(config: unknown, values: unknown): config is QueryConfig {
  if (typeof config !== 'object' || config === null) return false;
  const { text, name, submit } = config as QueryConfig;
  return (
    typeof text === 'string' &&
    name === undefined &&
    submit === undefined &&
    Array.isArray(values) &&
    values.length > 0 &&
    PREPARABLE.test(text)
  );
}
