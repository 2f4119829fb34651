import { Worker } from 'node:worker_threads';
import { hasPoisonedKey, jsonShapeRefusal } from './json-shape.ts';

/**
 * Large JSON bodies (pasted proxy lists, account rows, id batches: up to 40 MiB) are gathered, measured and parsed
 * in a worker thread: parsing tens of MiB on the event loop held every other request for seconds, and even joining
 * the received pieces into one buffer took a tenth of a second on a busy machine. Each piece goes to the worker as
 * it arrives; the parsed value comes back by structured clone. One worker, bodies in the order they end; it stays
 * unreferenced while idle, so it never keeps the process alive.
 */

export type ParseOutcome = { value: unknown } | { refused: 'depth' | 'values' | 'syntax' | 'poisoned' };

type Message =
  | { kind: 'chunk'; id: number; bytes: Uint8Array }
  | { kind: 'end'; id: number; maxDepth: number; maxValues: number }
  | { kind: 'drop'; id: number };

interface Reply {
  id: number;
  value?: unknown;
  refused?: 'depth' | 'values' | 'syntax' | 'poisoned';
  error?: string;
}

// Plain CommonJS around the shape functions' own source, so the same code runs from the tests and the bundle.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const jsonShapeRefusal = ${jsonShapeRefusal.toString()};
const hasPoisonedKey = ${hasPoisonedKey.toString()};
const bodies = new Map();
parentPort.on('message', (job) => {
  if (job.kind === 'chunk') {
    const chunks = bodies.get(job.id) || [];
    chunks.push(Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength));
    bodies.set(job.id, chunks);
    return;
  }
  const chunks = bodies.get(job.id) || [];
  bodies.delete(job.id);
  if (job.kind === 'drop') return;
  try {
    const text = Buffer.concat(chunks).toString('utf8');
    const refused = jsonShapeRefusal(text, job.maxDepth, job.maxValues);
    if (refused) return parentPort.postMessage({ id: job.id, refused });
    let value;
    try {
      value = JSON.parse(text);
    } catch {
      return parentPort.postMessage({ id: job.id, refused: 'syntax' });
    }
    if (hasPoisonedKey(value)) return parentPort.postMessage({ id: job.id, refused: 'poisoned' });
    parentPort.postMessage({ id: job.id, value });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: String((error && error.message) || error) });
  }
});
`;

/** One body on its way to the worker. */
export interface JsonBody {
  add(bytes: Uint8Array): void;
  /** The body ends: measured and parsed in the worker. */
  parse(maxDepth: number, maxValues: number): Promise<ParseOutcome>;
  /** The body is abandoned (too large, connection lost): the worker forgets its pieces. */
  drop(): void;
}

interface Pending {
  resolve(outcome: ParseOutcome): void;
  reject(error: Error): void;
}

class JsonParsePool {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  /** Starts a body: its pieces are sent with `add`, then `parse` or `drop` ends it. */
  begin(): JsonBody {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    const send = (message: Message) => worker.postMessage(message);
    return {
      // Copied, not moved: a received piece may share its memory with the socket's other reads.
      add: (bytes) => send({ kind: 'chunk', id, bytes }),
      drop: () => send({ kind: 'drop', id }),
      parse: (maxDepth, maxValues) =>
        new Promise<ParseOutcome>((resolve, reject) => {
          this.pending.set(id, { resolve, reject });
          if (this.pending.size === 1) worker.ref();
          send({ kind: 'end', id, maxDepth, maxValues });
        }),
    };
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if (reply.error !== undefined) pending.reject(new Error(`JSON body parser failed: ${reply.error}`));
      else if (reply.refused !== undefined) pending.resolve({ refused: reply.refused });
      else pending.resolve({ value: reply.value });
    });
    // A worker that dies fails the bodies it held; the next body starts a fresh one.
    const lost = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const pending of this.pending.values()) pending.reject(error);
      this.pending.clear();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`JSON body parser exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }
}

/** The process's one pool: bodies of every app in the process share it. */
export const jsonParsePool = new JsonParsePool();
