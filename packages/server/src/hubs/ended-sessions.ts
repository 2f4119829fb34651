/**
 * Device sessions that ended (logout, revoke, password change or reset, ban) reach every server process as a
 * notice on this Postgres channel, sent in the transaction that ends them (delivered at commit). On PGlite the
 * same NOTIFY reaches the listener of the one process.
 */
export const SESSIONS_ENDED_CHANNEL = 'tradedeck_sessions_ended';

/** Session ids per notice: 150 UUIDs stay well below NOTIFY's 8000-byte payload limit. */
export const SESSIONS_PER_NOTICE = 150;

/** The notice payloads announcing that these sessions ended. */
export function endedSessionNotices(sessionIds: readonly string[]): string[] {
  const notices: string[] = [];
  for (let start = 0; start < sessionIds.length; start += SESSIONS_PER_NOTICE) {
    notices.push(JSON.stringify({ sessions: sessionIds.slice(start, start + SESSIONS_PER_NOTICE) }));
  }
  return notices;
}

/** The session ids of a notice; an empty list for anything malformed. */
export function parseEndedSessions(text: string): string[] {
  try {
    const parsed = JSON.parse(text) as { sessions?: unknown };
    if (!Array.isArray(parsed.sessions)) return [];
    return parsed.sessions.filter((id): id is string => typeof id === 'string');
  } catch {
    return [];
  }
}

/** How long an ended session is remembered, to refuse a connection whose check raced the notice. */
const REMEMBER_MS = 2 * 60_000;

/**
 * Sessions that ended recently. A connection whose credentials were checked just before the session ended, and
 * that is admitted just after the notice arrived, would otherwise escape the close.
 */
export class RecentlyEndedSessions {
  readonly #endedAt = new Map<string, number>();

  add(sessionIds: readonly string[], now = Date.now()): void {
    for (const id of sessionIds) {
      // Deleting first moves the id to the end, so the map stays in the order of ending.
      this.#endedAt.delete(id);
      this.#endedAt.set(id, now);
    }
    this.prune(now);
  }

  has(sessionId: string): boolean {
    return this.#endedAt.has(sessionId);
  }

  prune(now = Date.now()): void {
    for (const [id, at] of this.#endedAt) {
      if (at + REMEMBER_MS > now) break;
      this.#endedAt.delete(id);
    }
  }
}
