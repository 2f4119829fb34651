/**
 * Device sessions read in the last second, for read operations. A panel sends many reads a second with one access
 * token (a portfolio screen with twenty tables), and the session and its user were read anew for each: on the
 * embedded database that statement was a quarter of a kept page's answer. A session ended in any process is
 * forgotten here when its notice arrives (hubs/ended-sessions.ts), and one ended in this process is not kept
 * again until well after its transaction (`ending`), so the next request reads it. A notice lost on the way
 * leaves a session at most `RECENT_SESSION_MS` longer, and only for reads: writes, step-ups and administrator
 * operations always read the session and its user again.
 */
import type { SessionRow } from './session-repo.ts';
import type { UserRow } from './users-repo.ts';

/** How long a session read stands for reads of the same token. */
export const RECENT_SESSION_MS = 1_000;
/** How long a session ended in this process is read anew on every request, whatever else kept it. */
const ENDING_MS = 10_000;
const MAX_KEPT = 10_000;

export interface RecentSession {
  userId: string;
  session: SessionRow;
  user: UserRow;
}

export class RecentSessions {
  readonly #kept = new Map<string, RecentSession & { readAt: number }>();
  readonly #ending = new Map<string, number>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  get(sessionId: string, userId: string): RecentSession | undefined {
    const kept = this.#kept.get(sessionId);
    if (!kept) return undefined;
    if (kept.userId !== userId || kept.readAt + RECENT_SESSION_MS <= this.now()) {
      this.#kept.delete(sessionId);
      return undefined;
    }
    return kept;
  }

  /** Keeps a session as read from the database (not while it is ending in this process). */
  set(sessionId: string, read: RecentSession): void {
    const now = this.now();
    const ending = this.#ending.get(sessionId);
    if (ending !== undefined) {
      if (ending + ENDING_MS > now) return;
      this.#ending.delete(sessionId);
    }
    this.#kept.delete(sessionId);
    if (this.#kept.size >= MAX_KEPT) this.#kept.delete(this.#kept.keys().next().value!);
    this.#kept.set(sessionId, { ...read, readAt: now });
  }

  /**
   * Sessions this process is ending: forgotten, and not kept again for a while, so a read that saw them live just
   * before the ending transaction committed keeps nothing.
   */
  ending(sessionIds: readonly string[]): void {
    const now = this.now();
    for (const id of sessionIds) {
      this.#kept.delete(id);
      this.#ending.delete(id);
      this.#ending.set(id, now);
    }
    for (const [id, at] of this.#ending) {
      if (at + ENDING_MS > now) break;
      this.#ending.delete(id);
    }
  }

  /** Sessions another process (or this one) ended, as their notice says. */
  forget(sessionIds: readonly string[]): void {
    for (const id of sessionIds) this.#kept.delete(id);
  }

  /** Notices may have been lost (the listener reconnected): nothing kept stands. */
  clear(): void {
    this.#kept.clear();
  }
}
