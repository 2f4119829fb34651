import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import {
  ARGON2ID_MAFILE_PARAMS,
  type EncryptedMafile,
  type MafileDecryptor,
  plaintextOrNull,
  SDA_PBKDF2_ITERATIONS,
} from '@tradedeck/sdk/domain';

/**
 * Encrypted maFiles are decrypted in worker threads: each needs a deliberately slow key derivation (PBKDF2, 50,000
 * rounds, or Argon2id over 12 MiB), which must neither hold the event loop nor fill libuv's small thread pool that
 * password hashing and file access share. The pool is bounded (one worker per spare core, at most four); jobs
 * wait in one queue, and each upload keeps only a few in it at a time, so uploads take turns.
 */

// Plain CommonJS so the same source runs from the TypeScript tests and from the bundled server.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createDecipheriv, pbkdf2Sync } = require('node:crypto');
const { readFileSync } = require('node:fs');
const argon2 = require(workerData.argon2Path);
const p = workerData.params;
// This thread's time on a CPU in ns (Linux schedstat), so a job's cost excludes waiting for a core; elsewhere the
// thread's wall time stands in.
const cpuNs = () => {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
  } catch {
    return Number(process.hrtime.bigint());
  }
};
parentPort.on('message', (job) => {
  const started = cpuNs();
  const cpuMs = () => (cpuNs() - started) / 1e6;
  try {
    const salt = Buffer.from(job.salt, 'base64');
    const key = job.scheme === 'argon2idAes256'
      ? argon2.hashRawSync(Buffer.from(job.passkey, 'utf8'), {
          salt, memoryCost: p.memoryKiB, timeCost: p.passes, parallelism: p.parallelism, outputLen: p.keyBytes,
          algorithm: 2, version: 1,
        })
      : pbkdf2Sync(Buffer.from(job.passkey, 'utf8'), salt, workerData.pbkdf2Iterations, 32, 'sha1');
    let text = null;
    try {
      const decipher = createDecipheriv('aes-256-cbc', key, Buffer.from(job.iv, 'base64'));
      text = Buffer.concat([decipher.update(Buffer.from(job.body, 'base64')), decipher.final()]).toString('utf8');
    } catch {
      text = null; // PKCS7 padding failed: the passkey is wrong
    }
    parentPort.postMessage({ id: job.id, text, cpuMs: cpuMs() });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: String((error && error.message) || error), cpuMs: cpuMs() });
  }
});
`;

interface Job extends EncryptedMafile {
  id: number;
  passkey: string;
}

interface Pending {
  job: Job;
  /** Told the processor time the job took in its worker. */
  charge?: ((cpuMs: number) => void) | undefined;
  resolve(text: string | null): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  current: Pending | null;
  idleTimer: NodeJS.Timeout | null;
}

/** One user's share of the workers' time (see MafileUploadBudgets.decryptionBudget). */
export interface DecryptionBudget {
  /** Throws DecryptionBudgetSpentError when no more may start now. */
  admit(): void;
  charge(cpuMs: number): void;
}

export interface DecryptionPoolStats {
  workers: number;
  running: number;
  queued: number;
  /** Jobs finished since the pool started. */
  completed: number;
}

export function defaultPoolSize(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

export class DecryptionPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private completed = 0;
  private readonly argon2Path = createRequire(import.meta.url).resolve('@node-rs/argon2');

  constructor(
    readonly size = defaultPoolSize(),
    /** Idle workers end after this long; a burst of uploads starts them again. */
    private readonly idleMs = 30_000,
  ) {}

  /** How many jobs one upload keeps queued at a time (enough to keep every worker busy). */
  get concurrencyPerUpload(): number {
    return this.size * 2;
  }

  readonly decrypt: MafileDecryptor = (file, passkey) => this.run(file, passkey);

  /**
   * A decryptor that spends one budget: each file is admitted before it is queued (`admit` throws when the budget
   * is spent) and its measured processor time charged when it ends, whatever its outcome.
   */
  decryptorFor(budget: DecryptionBudget): MafileDecryptor {
    return (file, passkey) => {
      budget.admit();
      return this.run(file, passkey, budget.charge);
    };
  }

  private run(
    file: EncryptedMafile,
    passkey: string,
    charge?: (cpuMs: number) => void,
  ): Promise<string | null> {
    return new Promise<string | null>((resolve, reject) => {
      const job: Job = {
        id: this.nextId++,
        scheme: file.scheme,
        body: file.body,
        salt: file.salt,
        iv: file.iv,
        passkey,
      };
      this.queue.push({ job, charge, resolve, reject });
      this.dispatch();
    }).then((text) => (text === null ? null : plaintextOrNull(text.replace(/^\uFEFF/, ''))));
  }

  stats(): DecryptionPoolStats {
    return {
      workers: this.slots.length,
      running: this.slots.filter((slot) => slot.current).length,
      queued: this.queue.length,
      completed: this.completed,
    };
  }

  async close(): Promise<void> {
    const slots = this.slots.splice(0);
    for (const pending of this.queue.splice(0)) pending.reject(new Error('The decryption pool was closed'));
    await Promise.all(slots.map((slot) => this.retire(slot)));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((candidate) => !candidate.current) ?? this.spawn();
      if (!slot) return;
      const pending = this.queue.shift()!;
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.idleTimer = null;
      slot.current = pending;
      slot.worker.ref();
      slot.worker.postMessage(pending.job);
    }
  }

  private spawn(): Slot | null {
    if (this.slots.length >= this.size) return null;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        argon2Path: this.argon2Path,
        params: ARGON2ID_MAFILE_PARAMS,
        pbkdf2Iterations: SDA_PBKDF2_ITERATIONS,
      },
    });
    const slot: Slot = { worker, current: null, idleTimer: null };
    worker.on('message', (message: { id: number; text?: string | null; error?: string; cpuMs?: number }) => {
      const pending = slot.current;
      if (!pending || pending.job.id !== message.id) return;
      slot.current = null;
      this.completed += 1;
      pending.charge?.(message.cpuMs ?? 0);
      if (message.error !== undefined)
        pending.reject(new Error(`maFile decryption failed: ${message.error}`));
      else pending.resolve(message.text ?? null);
      this.idle(slot);
      this.dispatch();
    });
    // A worker that dies takes only its own job down; the next job starts a fresh one.
    const lost = (error: Error) => {
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots.splice(index, 1);
      slot.current?.reject(error);
      slot.current = null;
      this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => {
      if (this.slots.includes(slot)) lost(new Error(`maFile decryption worker exited (${code})`));
    });
    this.slots.push(slot);
    return slot;
  }

  private idle(slot: Slot): void {
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => {
      const index = this.slots.indexOf(slot);
      if (index < 0 || slot.current) return;
      this.slots.splice(index, 1);
      void this.retire(slot);
    }, this.idleMs);
    slot.idleTimer.unref();
  }

  private async retire(slot: Slot): Promise<void> {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.current?.reject(new Error('The decryption pool was closed'));
    slot.current = null;
    await slot.worker.terminate();
  }
}

/** The server's pool: one per process, shared by every upload. */
export const mafileDecryptionPool = new DecryptionPool();
