import { closeSync, openSync, readFileSync, rmSync, statSync, utimesSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { StartupError } from '../startup-error.ts';
import { fileErrorReason, prepareDataDir, tightenDataDirFiles } from './data-dir.ts';
import { currentProcess, type LockOwner, type OwnerState, ownerState } from './lock-owner.ts';

export const LOCK_FILE = 'tradedeck.lock';

/** How often the holder touches its lock file, and how old a touch may be before the lock counts as abandoned. */
export const HEARTBEAT_MS = 5_000;
export const STALE_AFTER_MS = 20_000;

export class DataDirLockedError extends StartupError {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
    detail: string,
  ) {
    super(
      `The data directory ${dataDir} is in use by another Tradedeck server (process ${owner.pid}` +
        `${owner.host ? ` on ${owner.host}` : ''}${detail}). Stop that server first, or give this one its own ` +
        `TRADEDECK_DATA_DIR. If no server uses it, delete ${join(dataDir, LOCK_FILE)}.`,
    );
  }
}

export interface DataDirLock {
  /** Makes every file under the directory private to the server's user (after the database created its files). */
  tightenFiles(): void;
  release(): void;
}

/** Lock files this process holds: a lock naming our own process id is ours only if it is listed here. */
const heldHere = new Set<string>();

/**
 * Takes an exclusive lock on a PGlite data directory: PGlite has no cross-process locking of its own, and two
 * processes writing one directory corrupt it. The lock names its holder by process id, the process's start time,
 * the boot and process-id namespace, and the host, and the holder touches it every few seconds. A lock whose holder
 * is gone is taken over: the recorded process no longer runs, runs with another start time (a reused id, such as
 * process 1 in a container), or, where the holder cannot be looked up from here (another container or machine),
 * the lock has not been touched for STALE_AFTER_MS.
 */
export async function lockDataDir(
  dataDir: string,
  timing: { heartbeatMs?: number; staleAfterMs?: number } = {},
): Promise<DataDirLock> {
  const heartbeatMs = timing.heartbeatMs ?? HEARTBEAT_MS;
  const staleAfterMs = timing.staleAfterMs ?? STALE_AFTER_MS;
  prepareDataDir(dataDir);
  const lockPath = resolve(dataDir, LOCK_FILE);
  const self = currentProcess();
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(lockPath, 'wx', 0o600);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') {
        throw new StartupError(`The data directory ${dataDir} is not writable: ${fileErrorReason(error)}`);
      }
      const found = await settleExisting(dataDir, lockPath, self, staleAfterMs);
      if (found.state === 'alive') throw new DataDirLockedError(dataDir, found.owner, found.detail);
      rmSync(lockPath, { force: true });
      continue;
    }
    try {
      writeSync(fd, JSON.stringify(self));
    } finally {
      closeSync(fd);
    }
    return holdLock(dataDir, lockPath, heartbeatMs);
  }
  throw new StartupError(
    `Could not lock the data directory ${dataDir}: other processes keep taking its lock; delete ` +
      `${lockPath} once no server uses the directory`,
  );
}

function holdLock(dataDir: string, lockPath: string, heartbeatMs: number): DataDirLock {
  heldHere.add(lockPath);
  const heartbeat = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(lockPath, now, now);
    } catch {
      // A vanished or unwritable lock file is the data directory's problem; the database reports it.
    }
  }, heartbeatMs);
  heartbeat.unref();
  let released = false;
  return {
    tightenFiles() {
      try {
        tightenDataDirFiles(dataDir);
      } catch {
        // A file that vanished meanwhile (the database renames and removes its own): the directory stays 0700.
      }
    },
    release() {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      heldHere.delete(lockPath);
      rmSync(lockPath, { force: true });
    },
  };
}

interface Settled {
  state: Exclude<OwnerState, 'unknown'>;
  owner: LockOwner;
  detail: string;
}

/** Decides whether an existing lock's holder is alive, waiting for its next touch when it cannot be looked up. */
async function settleExisting(
  dataDir: string,
  lockPath: string,
  self: LockOwner,
  staleAfterMs: number,
): Promise<Settled> {
  const owner = readOwner(lockPath);
  if (owner === null) return { state: 'dead', owner: { pid: 0, host: null }, detail: '' };
  if (heldHere.has(lockPath)) return { state: 'alive', owner, detail: ', this process' };
  const state = ownerState(owner, self);
  if (state !== 'unknown') return { state, owner, detail: '' };
  const touched = touchedAt(lockPath);
  if (touched === null) return { state: 'dead', owner, detail: '' };
  const age = Date.now() - touched;
  if (age >= staleAfterMs) return { state: 'dead', owner, detail: '' };
  // Held from a place we cannot look into: a live holder touches the lock again within the heartbeat.
  process.stderr.write(
    `tradedeck-server: ${dataDir} is locked by process ${owner.pid}${owner.host ? ` on ${owner.host}` : ''}; ` +
      `waiting up to ${Math.ceil((staleAfterMs - age) / 1000)} s to see whether it is still alive\n`,
  );
  const deadline = touched + staleAfterMs;
  while (Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, Math.min(1000, Math.max(0, deadline - Date.now()))));
    const now = touchedAt(lockPath);
    if (now === null) return { state: 'dead', owner, detail: '' };
    if (now !== touched) return { state: 'alive', owner, detail: ', which still touches the lock' };
  }
  return { state: 'dead', owner, detail: '' };
}

/** The holder as recorded; a lock of an older server holds only the process id. */
function readOwner(lockPath: string): LockOwner | null {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8').trim();
  } catch {
    return null;
  }
  if (/^\d+$/.test(text)) return { pid: Number(text), host: null };
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>;
    if (typeof parsed.pid !== 'number' || !Number.isInteger(parsed.pid) || parsed.pid <= 0) return null;
    return {
      pid: parsed.pid,
      host: typeof parsed.host === 'string' ? parsed.host : null,
      ...(typeof parsed.bootId === 'string' ? { bootId: parsed.bootId } : {}),
      ...(typeof parsed.pidNamespace === 'string' ? { pidNamespace: parsed.pidNamespace } : {}),
      ...(typeof parsed.startTicks === 'number' ? { startTicks: parsed.startTicks } : {}),
    };
  } catch {
    return null;
  }
}

function touchedAt(lockPath: string): number | null {
  try {
    return statSync(lockPath).mtimeMs;
  } catch {
    return null;
  }
}
