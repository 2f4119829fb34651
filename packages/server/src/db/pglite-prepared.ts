import {
  type messages,
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/**
 * How many statements the embedded database keeps prepared. The app's statements are few hundred shapes at most
 * (a shape per filter combination of a list); the oldest is closed when a new one would pass the bound.
 */
export const PREPARED_STATEMENTS_MAX = 300;

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/** Reads and writes are prepared; utility statements (BEGIN, DDL, SET, savepoints) run as they always did. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** "cached plan must not change result type": a table the statement reads changed its columns' types. */
const RESULT_TYPE_CHANGED = '0A000';

interface Prepared {
  name: string;
  paramTypes: number[];
  /** The statement's row description (or none), put before its rows as the portal's own would be. */
  description: BackendMessage[];
  /** The type of each column it answers, each once. */
  columnTypes: number[];
  /** The parsers of those columns when a call names none of its own. */
  parsers: Parsers | null;
}

/** Parsers by column type, as PGlite calls them. */
type Parsers = Record<number, (text: string, type?: number) => unknown>;

/** The private parts of PGlite a statement runs under: its locks and its file-system sync. */
interface PgliteInternals {
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _checkReady(): Promise<void>;
  syncToFs(): Promise<void>;
}

/**
 * Keeps the app's statements prepared in the embedded database. PGlite's own `query` sends Parse, Describe,
 * Bind, Describe, Execute and Sync as six calls into WebAssembly and parses and plans the text every time; here
 * a statement seen before is one call (Bind, Execute, Sync) of a named statement: no parse, and Postgres's plan
 * cache decides as on a server (custom plans for the first five runs, then a generic plan where it costs no more).
 *
 * A change of the tables a statement reads (a migration) makes Postgres re-analyse it on its next run; a change of
 * a column's type under a statement fails that run once with "cached plan must not change result type": the
 * statement is then forgotten (and run again at once outside a transaction), so the next run prepares it anew.
 */
export function installPreparedStatements(client: PGlite): { readonly size: number } {
  const internals = client as unknown as PgliteInternals;
  const statements = new Map<string, Prepared>();
  let counter = 0;

  const prepare = async (text: string): Promise<Prepared> => {
    const name = `td${++counter}`;
    const messages = await client.execProtocolStream(
      concat(
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ),
      { syncToFs: false },
    );
    const description = messages.filter((m) => m.name === 'rowDescription');
    const prepared: Prepared = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      description,
      columnTypes: [
        ...new Set(
          description.flatMap((m) => (m as messages.RowDescriptionMessage).fields.map((f) => f.dataTypeID)),
        ),
      ],
      parsers: null,
    };
    if (statements.size >= PREPARED_STATEMENTS_MAX) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Prepared];
      statements.delete(oldestText);
      await close(oldest.name);
    }
    statements.set(text, prepared);
    return prepared;
  };

  const close = (name: string) =>
    client.execProtocolStream(
      concat(protocol.serialize.close({ type: 'S', name }), protocol.serialize.sync()),
      {
        syncToFs: false,
      },
    );

  const run = async <T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
    retried = false,
  ): Promise<Results<T>> => {
    let prepared = statements.get(text);
    if (prepared) {
      // Most recently used last: the bound closes the least recently used.
      statements.delete(text);
      statements.set(text, prepared);
    } else prepared = await prepare(text);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = prepared.paramTypes[i]!;
      const serialize = options?.serializers?.[oid] ?? client.serializers[oid];
      return serialize ? serialize(param) : String(param);
    });
    let messages: BackendMessage[];
    try {
      messages = await client.execProtocolStream(
        concat(
          protocol.serialize.bind({ statement: prepared.name, values }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ),
        { syncToFs: false },
      );
    } catch (error) {
      if ((error as { code?: string }).code !== RESULT_TYPE_CHANGED) throw error;
      statements.delete(text);
      await close(prepared.name);
      if (inTransaction || retried) throw error;
      return run(text, params, options, inTransaction, true);
    }
    if (!inTransaction) await internals.syncToFs();
    // The columns' parsers only: given the call's own, PGlite would copy all of its 300 parsers into each call's.
    return parse.parseResults(
      [...prepared.description, ...messages],
      parsersOf(prepared, options?.parsers as Parsers | undefined),
      {
        ...options,
        parsers: undefined,
      },
    )[0] as Results<T>;
  };

  const parsersOf = (prepared: Prepared, own: Parsers | undefined): Parsers => {
    if (!own && prepared.parsers) return prepared.parsers;
    const parsers: Parsers = {};
    for (const type of prepared.columnTypes) {
      const parser = own?.[type] ?? client.parsers[type];
      if (parser) parsers[type] = parser;
    }
    if (!own) prepared.parsers = parsers;
    return parsers;
  };

  const usable = (text: string, options: QueryOptions | undefined) =>
    PREPARABLE.test(text) && !options?.blob && !options?.paramTypes && !options?.onNotice;

  const query = client.query.bind(client);
  client.query = (async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
    if (!usable(text, options)) return query<T>(text, params, options);
    await internals._checkReady();
    return internals._runExclusiveTransaction(() =>
      internals._runExclusiveQuery(() => run<T>(text, params, options, false)),
    );
  }) as PGlite['query'];

  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(work: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = (async <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
        if (tx.closed || !usable(text, options)) return txQuery<R>(text, params, options);
        return internals._runExclusiveQuery(() => run<R>(text, params, options, true));
      }) as Transaction['query'];
      return work(tx);
    })) as PGlite['transaction'];

  return {
    get size() {
      return statements.size;
    },
  };
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
