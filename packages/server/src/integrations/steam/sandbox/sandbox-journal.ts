/**
 * The sandbox's changes as JSON lines in a file, so a sandbox server keeps its trades, confirmations and ended
 * sessions across restarts (and a crash between a send and its recorded outcome can be reconciled against the
 * same simulated Steam). Each line is written synchronously before the change answers: a killed process loses
 * nothing it answered.
 *
 * Several server processes may share one journal (one simulated Steam for a multi-process farm). Each reads the
 * lines added since its last look before it answers (`readNew`), and a change is applied and written under a lock
 * file (`locked`), so every process numbers offers, trades and confirmations in the journal's one order and no two
 * processes ever answer the same id. Each line names the process that wrote it.
 */
import {
  appendFileSync,
  closeSync,
  existsSync,
  fstatSync,
  openSync,
  readFileSync,
  readSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import type { SendOfferInput } from '../trading-port.ts';
import type { SandboxAsset } from './trading/sandbox-inventories.ts';

export type SandboxChange =
  | { op: 'revoke'; steamId: string; at: number }
  | { op: 'ack'; steamId: string }
  | { op: 'send'; steamId: string; input: SendOfferInput & { message: string }; now: number }
  | { op: 'accept' | 'decline' | 'cancel'; steamId: string; offerId: string; now: number }
  | { op: 'respond'; steamId: string; ids: string[]; accept: boolean; now: number }
  | { op: 'lift'; steamId: string; now: number }
  /** An item the sandbox market moved outside a trade offer (a demo's past sale, a reversed sale). */
  | { op: 'move'; steamId: string; to: string; asset: SandboxAsset; now: number };

/** How long a lock whose holder wrote no process id yet may stand before it counts as left by a killed process. */
const UNNAMED_LOCK_STALE_MS = 2_000;
const NEWLINE = 0x0a;

export class SandboxJournal {
  /** Bytes of the file already read: everything before it was applied by this process. */
  #offset = 0;
  /** Bytes after the last full line at the last look: a line cut short by a killed writer. */
  #cut = false;
  #depth = 0;
  readonly #lockPath: string;
  readonly #process = `${hostname()}:${process.pid}`;

  constructor(private readonly path: string) {
    this.#lockPath = `${path}.lock`;
  }

  /** Every change in the file, from its start. */
  read(): SandboxChange[] {
    if (!existsSync(this.path)) return [];
    return parseLines(readFileSync(this.path));
  }

  /** The changes written since the last call (by any process), in the file's order; full lines only. */
  readNew(): SandboxChange[] {
    let fd: number;
    try {
      fd = openSync(this.path, 'r');
    } catch {
      return [];
    }
    try {
      const size = fstatSync(fd).size;
      if (size <= this.#offset) return [];
      const chunk = Buffer.alloc(size - this.#offset);
      const got = readSync(fd, chunk, 0, chunk.length, this.#offset);
      const end = chunk.subarray(0, got).lastIndexOf(NEWLINE) + 1;
      this.#cut = end < got;
      this.#offset += end;
      return parseLines(chunk.subarray(0, end));
    } finally {
      closeSync(fd);
    }
  }

  /**
   * Keeps a change, named with this process; a line a killed writer cut short is ended first. Called under the
   * lock after `readNew`: the file ends where this process read up to, so its own line counts as read.
   */
  append(change: SandboxChange): void {
    const line = `${this.#cut ? '\n' : ''}${JSON.stringify({ ...change, process: this.#process })}\n`;
    appendFileSync(this.path, line, { mode: 0o600 });
    this.#offset = statSync(this.path).size;
    this.#cut = false;
  }

  /**
   * Runs `work` holding the journal's lock (re-entrant within a process). Synchronous like the sandbox itself:
   * the lock is held for one change, microseconds, so waiting for it spins.
   */
  locked<T>(work: () => T): T {
    if (this.#depth === 0) this.#acquire();
    this.#depth += 1;
    try {
      return work();
    } finally {
      this.#depth -= 1;
      if (this.#depth === 0) this.#release();
    }
  }

  #acquire(): void {
    const pause = new Int32Array(new SharedArrayBuffer(4));
    for (;;) {
      try {
        const fd = openSync(this.#lockPath, 'wx', 0o600);
        writeSync(fd, String(process.pid));
        closeSync(fd);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      if (this.#holderGone()) {
        try {
          unlinkSync(this.#lockPath);
        } catch {
          // Another process cleared it first.
        }
        continue;
      }
      Atomics.wait(pause, 0, 0, 1);
    }
  }

  #release(): void {
    try {
      unlinkSync(this.#lockPath);
    } catch {
      // Cleared by another process that took this one for dead; nothing to give back.
    }
  }

  /** Whether the lock was left by a process that no longer runs (killed while holding it). */
  #holderGone(): boolean {
    let text: string;
    let age: number;
    try {
      const fd = openSync(this.#lockPath, 'r');
      try {
        age = Date.now() - fstatSync(fd).mtimeMs;
        text = readFileSync(fd, 'utf8');
      } finally {
        closeSync(fd);
      }
    } catch {
      return false;
    }
    const pid = Number(text);
    if (!Number.isInteger(pid) || pid <= 0) return age > UNNAMED_LOCK_STALE_MS;
    try {
      process.kill(pid, 0);
      return false;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ESRCH';
    }
  }
}

/** Full JSON lines; a line cut short by a killed writer (never answered) is left out. */
function parseLines(bytes: Buffer): SandboxChange[] {
  const changes: SandboxChange[] = [];
  for (const line of bytes.toString('utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const { process: _process, ...change } = JSON.parse(line) as SandboxChange & { process?: string };
      changes.push(change as SandboxChange);
    } catch {
      // A line cut short by a kill: its change was never answered.
    }
  }
  return changes;
}
