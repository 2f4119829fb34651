import { readFileSync, readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

/** Who holds a data directory lock, as written into the lock file. */
export interface LockOwner {
  pid: number;
  host: string | null;
  /** The kernel's boot id: equal ids mean the same running machine. */
  bootId?: string;
  /** The process-id namespace (a container has its own): ids are comparable only inside one. */
  pidNamespace?: string;
  /** When the process started, in clock ticks since boot: tells a reused process id from the holder. */
  startTicks?: number;
}

export type OwnerState = 'alive' | 'dead' | 'unknown';

/** This process, described as a lock holder (the Linux details are left out where /proc does not exist). */
export function currentProcess(): LockOwner {
  const bootId = readText('/proc/sys/kernel/random/boot_id');
  const pidNamespace = readLink('/proc/self/ns/pid');
  const startTicks = processStartTicks(process.pid);
  return {
    pid: process.pid,
    host: hostname(),
    ...(bootId ? { bootId } : {}),
    ...(pidNamespace ? { pidNamespace } : {}),
    ...(startTicks !== null ? { startTicks } : {}),
  };
}

/**
 * Whether the recorded holder still runs, as far as this process can see. The caller has already ruled out a
 * lock held by this very process, so a lock naming our own process id is a dead holder's (a restart that got the
 * same id). 'unknown' when the holder ran where its process ids mean nothing to us.
 */
export function ownerState(owner: LockOwner, self: LockOwner): OwnerState {
  const sameMachine = owner.bootId !== undefined && owner.bootId === self.bootId;
  if (sameMachine && owner.pidNamespace !== undefined && owner.pidNamespace === self.pidNamespace) {
    if (owner.pid === self.pid) return 'dead';
    const started = processStartTicks(owner.pid);
    if (started === null) return processExists(owner.pid) ? 'alive' : 'dead';
    if (owner.startTicks !== undefined && started !== owner.startTicks) return 'dead';
    return 'alive';
  }
  // The same host under another boot id: the machine restarted since.
  if (owner.bootId !== undefined && self.bootId !== undefined && !sameMachine && owner.host === self.host) {
    return 'dead';
  }
  // No /proc on either side (macOS, Windows) or a lock of an older server: the process id is all there is.
  if (owner.bootId === undefined && (self.bootId === undefined || owner.host === null)) {
    if (owner.pid === self.pid) return 'dead';
    if (!processExists(owner.pid))
      return owner.host === null || owner.host === self.host ? 'dead' : 'unknown';
    return owner.host === self.host ? 'alive' : 'unknown';
  }
  return 'unknown';
}

/** Field 22 of /proc/<pid>/stat (start time in clock ticks since boot), or null where it cannot be read. */
export function processStartTicks(pid: number): number | null {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return null;
  // The command name (field 2) is in parentheses and may itself hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[19]);
  return Number.isFinite(ticks) ? ticks : null;
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8').trim() || null;
  } catch {
    return null;
  }
}

function readLink(path: string): string | null {
  try {
    return readlinkSync(path);
  } catch {
    return null;
  }
}
