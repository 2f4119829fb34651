import type { HarvesterSession } from '@tradedeck/sdk/contract';
import type { HarvesterSessionStatus } from '@tradedeck/sdk/domain';

type SessionState = Pick<HarvesterSession, 'status' | 'completedAt'>;

/** The status a person reads: a closed session shows as completed whatever its runner status was. */
export type SessionDisplayStatus = HarvesterSessionStatus | 'completed';

export function displayStatus(session: SessionState): SessionDisplayStatus {
  return session.completedAt === null ? session.status : 'completed';
}

/**
 * Whether errored transactions may be restarted or active ones cancelled (spec §4: never while the session runs;
 * pause it first). A session whose runner lost its lease (unknown) may still be running, so it is refused too.
 */
export type TransactionEditGate = 'allowed' | 'runningSession' | 'completed';

export function transactionEditGate(session: SessionState): TransactionEditGate {
  if (session.completedAt !== null) return 'completed';
  if (session.status === 'running' || session.status === 'unknown') return 'runningSession';
  return 'allowed';
}

export function canStart(session: SessionState): boolean {
  return session.completedAt === null && session.status !== 'running';
}

export function canPause(session: SessionState): boolean {
  return session.completedAt === null && session.status === 'running';
}

/** Complete closes a session that is not running (it asks first). */
export function canComplete(session: SessionState): boolean {
  return session.completedAt === null && session.status !== 'running' && session.status !== 'unknown';
}
