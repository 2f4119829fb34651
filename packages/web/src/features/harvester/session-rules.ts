import type { HarvesterSession } from '@tradedeck/sdk/contract';
import type { HarvesterSessionStatus } from '@tradedeck/sdk/domain';

type SessionState = Pick<HarvesterSession, 'status' | 'completedAt' | 'finishedAt'>;

/**
 * The status a person reads: a closed session shows as completed whatever its runner status was; one whose every
 * transaction ended (and that no runner is sending) as finished, not as waiting to be resumed.
 */
export type SessionDisplayStatus = HarvesterSessionStatus | 'finished' | 'completed';

export function displayStatus(session: SessionState): SessionDisplayStatus {
  if (session.completedAt !== null) return 'completed';
  return isFinished(session) ? 'finished' : session.status;
}

/** Every transaction reached an end: starting it again would send nothing (a restart of errored ones reopens it). */
export function isFinished(session: SessionState): boolean {
  return (
    session.completedAt === null &&
    session.finishedAt !== null &&
    session.status !== 'running' &&
    session.status !== 'unknown'
  );
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
  return session.completedAt === null && session.status !== 'running' && !isFinished(session);
}

export function canPause(session: SessionState): boolean {
  return session.completedAt === null && session.status === 'running';
}

/** Complete closes a session that is not running (it asks first). */
export function canComplete(session: SessionState): boolean {
  return session.completedAt === null && session.status !== 'running' && session.status !== 'unknown';
}
