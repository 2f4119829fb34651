import { messages, TransactionAbortedError } from '@electric-sql/pglite';
import { StorageFenced } from './storage-fence.ts';

/**
 * The messages between the server's event loop and the thread that owns the embedded database
 * (`pglite-thread.ts`, `pglite-thread-worker.ts`). Only data crosses: functions (parsers, callbacks) stay on
 * their own side.
 */

/** What the thread is started with. */
export interface ThreadStart {
  dataDir: string;
  /** A data directory's dump to start from, handed over (transferred) rather than copied. */
  template: ArrayBuffer | null;
  sharedBuffers: string | null;
}

/** A query's options as they cross: the caller's parsers stay behind, named by the column types they parse. */
export interface WireQueryOptions {
  rowMode?: 'array' | 'object';
  /** Column types the caller parses itself: the thread answers them as the database's text. */
  textTypes?: number[];
  paramTypes?: number[];
  blob?: Blob | File;
}

export type Request =
  | { op: 'query'; text: string; params: unknown[]; options: WireQueryOptions; tx: number | null }
  | { op: 'exec'; text: string; options: WireQueryOptions; tx: number | null }
  /** Opens a transaction; the answer (its number) comes once it holds the database. */
  | { op: 'begin' }
  /** Ends a transaction: COMMIT, or ROLLBACK after the caller's work failed. */
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'rollback'; tx: number }
  | { op: 'listen'; channel: string; listener: number }
  | { op: 'unlisten'; listener: number }
  | { op: 'dump'; compression: 'none' | 'gzip' | 'auto' | undefined }
  | { op: 'close' };

export type Reply = { id: number; value: unknown } | { id: number; error: WireError };

export type FromThread =
  | { type: 'ready' }
  | { type: 'failed'; error: WireError }
  | { type: 'reply'; reply: Reply }
  | { type: 'notice'; listener: number; payload: string }
  | { type: 'storage-failure'; error: WireError };

/** An error as it crosses: its class by name, its message and stack, its own fields, its cause. */
export interface WireError {
  kind: 'database' | 'aborted' | 'fenced' | 'other';
  name: string;
  message: string;
  stack: string | undefined;
  fields: Record<string, unknown>;
  cause: WireError | null;
}

/** Fields that never cross: the query's options hold the caller's parsers. */
const LEFT_BEHIND = new Set(['queryOptions', 'cause', 'stack', 'message', 'name']);

export function errorToWire(error: unknown, depth = 0): WireError {
  if (!(error instanceof Error)) {
    return {
      kind: 'other',
      name: 'Error',
      message: String(error),
      stack: undefined,
      fields: {},
      cause: null,
    };
  }
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (LEFT_BEHIND.has(key)) continue;
    try {
      fields[key] = structuredClone(value);
    } catch {
      // A field that cannot cross (a function, a handle) is of no use to the reader of a database error.
    }
  }
  const kind =
    error instanceof TransactionAbortedError
      ? 'aborted'
      : error instanceof messages.DatabaseError
        ? 'database'
        : error instanceof StorageFenced
          ? 'fenced'
          : 'other';
  const cause = depth < 8 && error.cause !== undefined ? errorToWire(error.cause, depth + 1) : null;
  return { kind, name: error.name, message: error.message, stack: error.stack, fields, cause };
}

/** The error again, of the class the in-thread engine throws, so that `code`, `severity` and `instanceof` read alike. */
export function errorFromWire(wire: WireError): Error {
  const cause = wire.cause ? errorFromWire(wire.cause) : undefined;
  let error: Error;
  if (wire.kind === 'aborted') error = new TransactionAbortedError();
  else if (wire.kind === 'database') {
    const length = typeof wire.fields.length === 'number' ? wire.fields.length : 0;
    error = new messages.DatabaseError(wire.message, length, wire.name as messages.MessageName);
  } else if (wire.kind === 'fenced') error = new StorageFenced(cause ?? new Error('storage failure'));
  else {
    error = new Error(wire.message, cause ? { cause } : undefined);
    error.name = wire.name;
  }
  error.message = wire.message;
  for (const [key, value] of Object.entries(wire.fields)) {
    // `name` and `length` of a database error are read-only and set above.
    if (key === 'name' || key === 'length') continue;
    (error as unknown as Record<string, unknown>)[key] = value;
  }
  if (wire.stack) error.stack = wire.stack;
  return error;
}
