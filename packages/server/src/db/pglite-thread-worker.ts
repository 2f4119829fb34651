// The thread that owns the embedded database when the server runs it off the event loop (`pglite-thread.ts`).
import { parentPort, workerData } from 'node:worker_threads';
import type { QueryOptions, Transaction } from '@electric-sql/pglite';
import { type Engine, startPgliteEngine } from './pglite-engine.ts';
import {
  errorToWire,
  type FromThread,
  type Reply,
  type Request,
  type ThreadStart,
  type WireQueryOptions,
} from './pglite-thread-wire.ts';

const port = parentPort!;
const start = workerData as ThreadStart;
const post = (message: FromThread) => port.postMessage(message);

/** The caller's own parsers run on its side: here their columns stay the database's text. */
const asText = (text: string) => text;

function queryOptions(wire: WireQueryOptions): QueryOptions {
  const { textTypes, ...rest } = wire;
  if (!textTypes?.length) return rest;
  return { ...rest, parsers: Object.fromEntries(textTypes.map((type) => [type, asText])) };
}

/** A transaction under way: the engine's own, held open until the event loop says how it ends. */
interface OpenTransaction {
  tx: Transaction;
  end(commit: boolean): void;
}

/** Ends PGlite's transaction callback after the caller's work failed, so that the engine rolls it back. */
class RolledBack extends Error {}

let engine: Engine;
const transactions = new Map<number, OpenTransaction>();
const unlisteners = new Map<number, () => Promise<void>>();
let transactionCount = 0;

/** How each open transaction ends: its COMMIT's or ROLLBACK's outcome, the answer to `end`. */
const endings = new Map<number, Promise<void>>();

/**
 * Opens one of PGlite's own transactions and holds it until the event loop ends it: every other statement waits
 * for it as on the event loop. Answers with its number once it holds the database.
 */
function begin(): Promise<number> {
  const id = ++transactionCount;
  return new Promise<number>((opened, failed) => {
    const ending = engine.client
      .transaction(
        (tx) =>
          new Promise<void>((commit, rollBack) => {
            transactions.set(id, { tx, end: (commits) => (commits ? commit() : rollBack(new RolledBack())) });
            opened(id);
          }),
      )
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      })
      .finally(() => transactions.delete(id));
    endings.set(id, ending);
    // A BEGIN that fails never opens: its error is the answer (later, `end` has taken the ending already).
    ending.catch((error: unknown) => {
      endings.delete(id);
      failed(error);
    });
  });
}

function target(tx: number | null): Pick<Transaction, 'query' | 'exec'> {
  if (tx === null) return engine.client;
  const open = transactions.get(tx);
  if (!open) throw new Error(`transaction ${tx} is not open`);
  return open.tx;
}

async function handle(request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return target(request.tx).query(request.text, request.params, queryOptions(request.options));
    case 'exec':
      return target(request.tx).exec(request.text, queryOptions(request.options));
    case 'begin':
      return begin();
    case 'end': {
      const open = transactions.get(request.tx);
      const ending = endings.get(request.tx);
      endings.delete(request.tx);
      open?.end(request.commit);
      return ending;
    }
    case 'rollback':
      return transactions.get(request.tx)?.tx.rollback();
    case 'listen': {
      const unlisten = await engine.client.listen(request.channel, (payload) =>
        post({ type: 'notice', listener: request.listener, payload }),
      );
      unlisteners.set(request.listener, unlisten);
      return undefined;
    }
    case 'unlisten': {
      const unlisten = unlisteners.get(request.listener);
      unlisteners.delete(request.listener);
      return unlisten?.();
    }
    case 'dump': {
      const dump = await engine.client.dumpDataDir(request.compression);
      return dump.arrayBuffer();
    }
    case 'close':
      // After a storage failure the engine is not entered again, not even to close (see storage-fence.ts).
      if (!engine.fence.closed) await engine.client.close();
      return undefined;
  }
}

function answer(id: number, request: Request): void {
  handle(request).then(
    (value) => {
      const reply: Reply = { id, value };
      // A dump's bytes move to the event loop instead of being copied.
      const transfer = value instanceof ArrayBuffer ? [value] : [];
      port.postMessage({ type: 'reply', reply } satisfies FromThread, transfer);
    },
    (error: unknown) => post({ type: 'reply', reply: { id, error: errorToWire(error) } }),
  );
}

try {
  engine = await startPgliteEngine({
    dataDir: start.dataDir,
    template: start.template ? new Blob([start.template]) : undefined,
    sharedBuffers: start.sharedBuffers ?? undefined,
    onStorageFailure: (error) => post({ type: 'storage-failure', error: errorToWire(error) }),
  });
  port.on('message', (message: { id: number; request: Request }) => answer(message.id, message.request));
  post({ type: 'ready' });
} catch (error) {
  post({ type: 'failed', error: errorToWire(error) });
}
