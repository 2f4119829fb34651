import { and, desc, eq, gt, gte, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { FreshReads } from '../../db/fresh-reads.ts';
import { deviceSessions, refreshTokens, users } from '../../db/schema.ts';
import { endedSessionNotices, SESSIONS_ENDED_CHANNEL } from '../../hubs/ended-sessions.ts';
import type { UserScope } from '../../security/user-scope.ts';

export type SessionRow = typeof deviceSessions.$inferSelect;
export type RefreshRow = typeof refreshTokens.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** Which second factor a check accepted. */
export type PassedFactor = 'totp' | 'emailCode' | 'recoveryCode';

/** The authenticator app and recovery codes are strong factors; an e-mailed code only opens the step-up window. */
function factorColumns(factor: PassedFactor | null, now: Date): Partial<SessionRow> {
  if (!factor) return {};
  return factor === 'emailCode' ? { twoFactorAt: now } : { twoFactorAt: now, totpAt: now };
}

/** Device sessions and their refresh tokens. Every query names the owning user where a user is known. */
export class SessionRepo {
  #sessionWithUser: ReturnType<SessionRepo['buildSessionWithUser']> | null = null;
  readonly #sessionReads = new FreshReads<Array<{ session: SessionRow; user: UserRow }>>();

  constructor(
    private readonly db: Db,
    private readonly scope: UserScope,
  ) {}

  async create(input: {
    userId: string;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
    tokenHash: string;
    now: Date;
    /** The second factor the sign-in passed, if any: the new session starts stepped up. */
    factor?: PassedFactor | null;
  }): Promise<SessionRow> {
    return this.db.transaction(async (tx) => {
      const [session] = await tx
        .insert(deviceSessions)
        .values({
          userId: input.userId,
          expiresAt: input.expiresAt,
          ip: input.ip,
          userAgent: input.userAgent,
          ...factorColumns(input.factor ?? null, input.now),
        })
        .returning();
      await tx.insert(refreshTokens).values({
        sessionId: session!.id,
        userId: input.userId,
        tokenHash: input.tokenHash,
        createdAt: input.now,
      });
      return session!;
    });
  }

  /**
   * The session named by an access token, with its user, in one query (run on every request). Requests of one
   * session at once share a read begun after each of them arrived (`FreshReads`); each gets rows of its own.
   */
  async findWithUser(
    sessionId: string,
    userId: string,
  ): Promise<{ session: SessionRow; user: UserRow } | null> {
    const rows = await this.#sessionReads.read(`${sessionId}\0${userId}`, () =>
      this.sessionWithUser().execute({ sessionId, userId }),
    );
    const found = rows[0];
    return found ? { session: { ...found.session }, user: { ...found.user } } : null;
  }

  private sessionWithUser() {
    this.#sessionWithUser ??= this.buildSessionWithUser();
    return this.#sessionWithUser;
  }

  /** Built once: building the statement of two whole rows took more CPU than running it on the embedded database. */
  private buildSessionWithUser() {
    return this.db
      .select({ session: deviceSessions, user: users })
      .from(deviceSessions)
      .innerJoin(users, eq(users.id, deviceSessions.userId))
      .where(
        and(
          eq(deviceSessions.id, sql.placeholder('sessionId')),
          eq(deviceSessions.userId, sql.placeholder('userId')),
        ),
      )
      .prepare('session_with_user');
  }

  async findToken(
    tokenHash: string,
  ): Promise<{ token: RefreshRow; session: SessionRow; user: UserRow } | null> {
    const rows = await this.db
      .select({ token: refreshTokens, session: deviceSessions, user: users })
      .from(refreshTokens)
      .innerJoin(deviceSessions, eq(deviceSessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .where(eq(refreshTokens.tokenHash, tokenHash));
    return rows[0] ?? null;
  }

  /**
   * Rotates a refresh token in one compare-and-set: the token is marked used unless it was used before
   * `graceFrom`, and its successor is added once. Concurrent callers of one token (inside the grace window) all
   * name the same successor, so the unique hash makes every caller after the first a no-op: one family, one live
   * successor, on PGlite and on Postgres alike. False when the token was used before the grace window (a replay).
   */
  async rotate(input: {
    tokenId: string;
    successorHash: string;
    now: Date;
    graceFrom: Date;
  }): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(refreshTokens)
        .set({ usedAt: sql`coalesce(${refreshTokens.usedAt}, ${input.now.toISOString()}::timestamptz)` })
        .where(
          and(
            eq(refreshTokens.id, input.tokenId),
            or(isNull(refreshTokens.usedAt), gte(refreshTokens.usedAt, input.graceFrom)),
          ),
        )
        .returning({ sessionId: refreshTokens.sessionId, userId: refreshTokens.userId });
      if (!claimed) return false;
      await tx
        .insert(refreshTokens)
        .values({ ...claimed, tokenHash: input.successorHash, createdAt: input.now })
        .onConflictDoNothing({ target: refreshTokens.tokenHash });
      await tx
        .update(deviceSessions)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(deviceSessions.id, claimed.sessionId));
      return true;
    });
  }

  /** Records that the session passed a second factor now (step-up); the authenticator also counts for admin. */
  async markSecondFactor(userId: string, sessionId: string, factor: PassedFactor, now: Date): Promise<void> {
    await this.db
      .update(deviceSessions)
      .set(factorColumns(factor, now))
      .where(and(eq(deviceSessions.id, sessionId), eq(deviceSessions.userId, userId)));
  }

  async touch(sessionId: string): Promise<void> {
    await this.db
      .update(deviceSessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(deviceSessions.id, sessionId));
  }

  /** The statements about one user's sessions, in one transaction of the user's scope (row-level security). */
  run<T>(userId: string, work: (q: UserSessionQueries) => Promise<T>): Promise<T> {
    return this.scope.run(userId, (tx) => work(new UserSessionQueries(tx, userId)));
  }
}

/** One user's sessions, inside the user's scope. */
export class UserSessionQueries {
  constructor(
    private readonly tx: Db,
    readonly userId: string,
  ) {}

  listActive(): Promise<SessionRow[]> {
    return this.tx
      .select()
      .from(deviceSessions)
      .where(
        and(
          eq(deviceSessions.userId, this.userId),
          isNull(deviceSessions.revokedAt),
          gt(deviceSessions.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(deviceSessions.lastSeenAt));
  }

  /** Revokes one session of this user; false when it is not theirs or already ended. */
  async revoke(sessionId: string, reason: string): Promise<boolean> {
    const rows = await announceEnded(
      this.tx,
      await this.tx
        .update(deviceSessions)
        .set({ revokedAt: sql`now()`, revokeReason: reason })
        .where(
          and(
            eq(deviceSessions.id, sessionId),
            eq(deviceSessions.userId, this.userId),
            isNull(deviceSessions.revokedAt),
          ),
        )
        .returning({ id: deviceSessions.id }),
    );
    return rows.length === 1;
  }

  /** Revokes every live session of the user, except `keep` when given. Returns how many ended. */
  async revokeAll(reason: string, keep: string | null = null): Promise<number> {
    const conditions = [eq(deviceSessions.userId, this.userId), isNull(deviceSessions.revokedAt)];
    if (keep) conditions.push(ne(deviceSessions.id, keep));
    const rows = await announceEnded(
      this.tx,
      await this.tx
        .update(deviceSessions)
        .set({ revokedAt: sql`now()`, revokeReason: reason })
        .where(and(...conditions))
        .returning({ id: deviceSessions.id }),
    );
    return rows.length;
  }
}

/**
 * Tells every server process, at commit, that these sessions ended, so their live hub connections close at once
 * rather than when their access tokens expire.
 */
async function announceEnded(db: Db, rows: Array<{ id: string }>): Promise<Array<{ id: string }>> {
  if (rows.length === 0) return rows;
  const notices = endedSessionNotices(rows.map((row) => row.id));
  await db.execute(
    sql`select pg_notify(${SESSIONS_ENDED_CHANNEL}, n) from jsonb_array_elements_text(${JSON.stringify(notices)}::jsonb) as t(n)`,
  );
  return rows;
}
