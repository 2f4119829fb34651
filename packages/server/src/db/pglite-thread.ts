import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ParserOptions, QueryOptions, Results } from '@electric-sql/pglite';
import {
  errorFromWire,
  type FromThread,
  type Request,
  type ThreadStart,
  type WireQueryOptions,
} from './pglite-thread-wire.ts';

export interface ThreadOptions {
  dataDir: string;
  template?: Blob | undefined;
  sharedBuffers?: string | undefined;
  /** Hears the first failure to write the data directory, before the failed statement's own answer. */
  onStorageFailure(error: Error): void;
}

/** What a transaction's work is handed, as PGlite's own transaction offers it. */
export interface ThreadTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** "admin_shutdown": what a statement answers once the thread is gone, so that a request answers 503. */
const THREAD_GONE_SQLSTATE = '57P01';

/**
 * The embedded database on a thread of its own (`pglite-thread-worker.ts`), seen from the event loop as the
 * PGlite client drizzle and the app call: `query`, `exec`, `transaction`, `listen`, `dumpDataDir`, `close`. A
 * long statement then runs beside the event loop instead of holding it, at the price of a message each way and a
 * copy of the rows. A transaction is the engine's own: its statements run inside it and nothing else interleaves.
 */
export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<number, (payload: string) => void>();
  readonly #onStorageFailure: (error: Error) => void;
  #requests = 0;
  #listenerCount = 0;
  #fenced = false;
  #gone: Error | null = null;
  /** Resolves with the thread's exit code once it has ended. */
  readonly exited: Promise<number>;

  private constructor(worker: Worker, onStorageFailure: (error: Error) => void) {
    this.#worker = worker;
    this.#onStorageFailure = onStorageFailure;
    worker.on('message', (message: FromThread) => this.#receive(message));
    worker.on('error', (error) => this.#end(error));
    this.exited = new Promise((resolve) =>
      worker.once('exit', (code) => {
        this.#end(threadGone(`the embedded database's thread ended (exit code ${code})`));
        resolve(code);
      }),
    );
  }

  static async start(options: ThreadOptions): Promise<PgliteThread> {
    const template = options.template ? await options.template.arrayBuffer() : null;
    const start: ThreadStart = {
      dataDir: options.dataDir,
      template,
      sharedBuffers: options.sharedBuffers ?? null,
    };
    const worker = startWorker(start, template ? [template] : []);
    const ready = new Promise<void>((resolve, reject) => {
      const onMessage = (message: FromThread) => {
        if (message.type === 'ready') resolve();
        else if (message.type === 'failed') reject(errorFromWire(message.error));
        else return;
        worker.off('message', onMessage);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.once('exit', (code) =>
        reject(threadGone(`the embedded database's thread ended at start (${code})`)),
      );
    });
    const thread = new PgliteThread(worker, options.onStorageFailure);
    try {
      await ready;
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    // Idle, the thread keeps the process no more alive than the engine on the event loop did.
    worker.unref();
    return thread;
  }

  /** Whether a storage failure closed the database to further statements (see storage-fence.ts). */
  get fenced(): boolean {
    return this.#fenced;
  }

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(text, params, options, null);
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(text, options, null);
  }

  /**
   * Runs `work` in a transaction of the engine: COMMIT when it resolves, ROLLBACK when it throws (the error is
   * the caller's, or the ROLLBACK's own when that fails too, as PGlite answers).
   */
  async transaction<T>(work: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = (await this.#call({ op: 'begin' })) as number;
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: ThreadTransaction = {
      query: <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
        open();
        return this.#query<R>(text, params, options, id);
      },
      exec: (text: string, options?: QueryOptions) => {
        open();
        return this.#exec(text, options, id);
      },
      rollback: async () => {
        open();
        await this.#call({ op: 'rollback', tx: id });
        closed = true;
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      closed = true;
      await this.#call({ op: 'end', tx: id, commit: false });
      throw error;
    }
    closed = true;
    await this.#call({ op: 'end', tx: id, commit: true });
    return result;
  }

  /** LISTEN on a channel; the callback hears each notice's payload. Resolves with the UNLISTEN. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = ++this.#listenerCount;
    this.#listeners.set(listener, callback);
    try {
      await this.#call({ op: 'listen', channel, listener });
    } catch (error) {
      this.#listeners.delete(listener);
      throw error;
    }
    return async () => {
      this.#listeners.delete(listener);
      await this.#call({ op: 'unlisten', listener });
    };
  }

  /** The data directory as an archive, written by the engine while no statement runs. */
  async dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob> {
    const bytes = (await this.#call({ op: 'dump', compression })) as ArrayBuffer;
    return new Blob([bytes]);
  }

  /** Closes the engine (not entered again after a storage failure) and ends the thread. */
  async close(): Promise<void> {
    if (this.#gone) return;
    try {
      if (!this.#fenced) await this.#call({ op: 'close' });
    } finally {
      await this.#worker.terminate();
    }
  }

  get closed(): boolean {
    return this.#gone !== null;
  }

  async #query<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    tx: number | null,
  ): Promise<Results<T>> {
    const result = (await this.#call({
      op: 'query',
      text,
      params,
      options: wireOptions(options),
      tx,
    })) as Results<T>;
    if (options?.parsers) parseText(result, options.parsers, options.rowMode === 'array');
    return result;
  }

  async #exec(text: string, options: QueryOptions | undefined, tx: number | null): Promise<Results[]> {
    const results = (await this.#call({ op: 'exec', text, options: wireOptions(options), tx })) as Results[];
    if (options?.parsers) {
      for (const result of results) parseText(result, options.parsers, options.rowMode === 'array');
    }
    return results;
  }

  #call(request: Request): Promise<unknown> {
    if (this.#gone) return Promise.reject(this.#gone);
    const id = ++this.#requests;
    // A call under way keeps the process alive until its answer, as a statement on the event loop would.
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      try {
        this.#worker.postMessage({ id, request });
      } catch (error) {
        // A parameter that cannot be copied to the thread (a function, a symbol): the call fails alone.
        this.#settled(id);
        reject(error);
      }
    });
  }

  /** Forgets a call that has its answer; with none left under way, the thread no longer keeps the process alive. */
  #settled(id: number): void {
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker.unref();
  }

  #receive(message: FromThread): void {
    if (message.type === 'reply') {
      const { reply } = message;
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#settled(reply.id);
      if ('error' in reply) pending.reject(errorFromWire(reply.error));
      else pending.resolve(reply.value);
    } else if (message.type === 'notice') {
      this.#listeners.get(message.listener)?.(message.payload);
    } else if (message.type === 'storage-failure') {
      this.#fenced = true;
      this.#onStorageFailure(errorFromWire(message.error));
    }
  }

  /** The thread is gone: every call under way and every later one fails. */
  #end(error: Error): void {
    this.#gone ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}

/**
 * The thread's script: built next to the server, or the TypeScript source through tsx (tests, benchmarks,
 * `pnpm dev`), which a worker thread does not inherit from the process that starts it.
 */
function startWorker(start: ThreadStart, transfer: ArrayBuffer[]): Worker {
  const built = new URL('./pglite-thread-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built)))
    return new Worker(built, { workerData: start, transferList: transfer });
  const source = new URL('./pglite-thread-worker.ts', import.meta.url);
  const bootstrap = new URL('./pglite-thread-bootstrap.mjs', import.meta.url);
  if (existsSync(fileURLToPath(source)) && existsSync(fileURLToPath(bootstrap))) {
    return new Worker(bootstrap, { workerData: { ...start, script: source.href }, transferList: transfer });
  }
  throw new Error(
    `The embedded database's thread script (pglite-thread-worker.js) is not next to ${built.href}`,
  );
}

function wireOptions(options: QueryOptions | undefined): WireQueryOptions {
  if (!options) return {};
  if (options.serializers || options.onNotice) {
    throw new Error('serializers and onNotice are functions and cannot reach the database thread');
  }
  const wire: WireQueryOptions = {};
  if (options.rowMode) wire.rowMode = options.rowMode;
  if (options.paramTypes) wire.paramTypes = options.paramTypes;
  if (options.blob) wire.blob = options.blob;
  if (options.parsers) wire.textTypes = Object.keys(options.parsers).map(Number);
  return wire;
}

/**
 * The caller's parsers, applied here to the columns the thread answered as text: drizzle's keep dates, times and
 * intervals as the database's text, so this is a look at a few columns of each row. Null stays null, as in PGlite.
 */
function parseText(result: Results<unknown>, parsers: ParserOptions, arrays: boolean): void {
  const columns = new Map<
    string | number,
    { type: number; parse: (text: string, type: number) => unknown }
  >();
  result.fields.forEach((field, index) => {
    const parse = parsers[field.dataTypeID];
    const key = arrays ? index : field.name;
    // In object mode a later column of the same name is the one the row holds.
    if (parse) columns.set(key, { type: field.dataTypeID, parse });
    else columns.delete(key);
  });
  if (columns.size === 0) return;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const [key, { type, parse }] of columns) {
      const text = row[key];
      if (text !== null && text !== undefined) row[key] = parse(text as string, type);
    }
  }
}

function threadGone(message: string): Error {
  return Object.assign(new Error(message), { code: THREAD_GONE_SQLSTATE });
}
