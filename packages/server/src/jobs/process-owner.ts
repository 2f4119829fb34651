import { randomUUID } from 'node:crypto';
import { currentProcess, type LockOwner, ownerState } from '../db/lock-owner.ts';

/**
 * A server (one per process; tests build several in one) as the owner of work another process may take over after a crash (a trade intent, a
 * harvester session, a repricing apply): a random id, then the process as the data directory lock names it
 * (process id, start time, boot, process-id namespace, host).
 *
 * On Postgres several processes share the work, so a process may take over another's only when that one is gone.
 * Leases say so after their time (minutes for a Steam call in flight); `ownerGone` says so at once when the owner
 * ran on this machine, in this process-id namespace, and no longer runs: a restarted server takes over its dead
 * predecessor's work in seconds. Anything it cannot see (another machine or container) is left to the lease.
 */
export function newProcessOwner(): string {
  return processOwnerTag(randomUUID(), currentProcess());
}

export function processOwnerTag(id: string, process: LockOwner): string {
  return `${id}@${Buffer.from(JSON.stringify(process)).toString('base64url')}`;
}

/**
 * Whether the process named by an owner tag (`newProcessOwner()`, optionally followed by `:` and a run of it) is
 * known to have ended, as seen by the owner `self`. Never for a server of this very process; false when it cannot
 * be known from here.
 */
export function ownerGone(tag: string, self: string): boolean {
  const owner = describedProcess(tag);
  const us = describedProcess(self);
  if (!owner || !us || owner.id === us.id || sameProcess(owner.process, us.process)) return false;
  return ownerState(owner.process, us.process) === 'dead';
}

/** The host and process id an owner tag names, for the admin's lease view; null for a tag of another shape. */
export function ownerProcess(tag: string): { host: string | null; pid: number } | null {
  const owner = describedProcess(tag);
  return owner ? { host: owner.process.host, pid: owner.process.pid } : null;
}

function sameProcess(a: LockOwner, b: LockOwner): boolean {
  return (
    a.pid === b.pid &&
    a.startTicks === b.startTicks &&
    a.bootId === b.bootId &&
    a.pidNamespace === b.pidNamespace
  );
}

function describedProcess(tag: string): { id: string; process: LockOwner } | null {
  const match = /^([^@:]+)@([A-Za-z0-9_-]+)(?::|$)/.exec(tag);
  if (!match) return null;
  try {
    const process = JSON.parse(Buffer.from(match[2]!, 'base64url').toString('utf8')) as LockOwner;
    return typeof process?.pid === 'number' ? { id: match[1]!, process } : null;
  } catch {
    return null;
  }
}
