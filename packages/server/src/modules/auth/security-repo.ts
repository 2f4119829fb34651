import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rateLimits, securityEvents, userKeys } from '../../db/schema.ts';
import type { DataKeyStore } from '../../security/secret-box.ts';
import type { UserScope } from '../../security/user-scope.ts';

export interface SecurityEvent {
  event: string;
  userId?: string | null;
  actorId?: string | null;
  sessionId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  details?: Record<string, unknown>;
}

/** Shared counters, the audit trail and wrapped data keys. */
export class SecurityRepo {
  constructor(
    private readonly db: Db,
    private readonly scope: UserScope,
  ) {}

  /** Adds `by` to a fixed-window counter, starting a new window when the old one ended; returns the state. */
  async hit(key: string, windowMs: number, by = 1): Promise<{ count: number; windowStart: Date }> {
    const window = `${windowMs} milliseconds`;
    const rows = await this.db
      .insert(rateLimits)
      .values({ key, windowStart: sql`now()`, count: by })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.windowStart} + ${window}::interval <= now() then ${by} else ${rateLimits.count} + ${by} end`,
          windowStart: sql`case when ${rateLimits.windowStart} + ${window}::interval <= now() then now() else ${rateLimits.windowStart} end`,
        },
      })
      .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
    return rows[0]!;
  }

  async peek(key: string, windowMs: number): Promise<{ count: number; windowStart: Date } | null> {
    const rows = await this.db
      .select({ count: rateLimits.count, windowStart: rateLimits.windowStart })
      .from(rateLimits)
      .where(
        sql`${rateLimits.key} = ${key} and ${rateLimits.windowStart} + ${`${windowMs} milliseconds`}::interval > now()`,
      );
    return rows[0] ?? null;
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key));
  }

  async record(event: SecurityEvent): Promise<void> {
    await this.db.insert(securityEvents).values({
      event: event.event,
      userId: event.userId ?? null,
      actorId: event.actorId ?? null,
      sessionId: event.sessionId ?? null,
      ip: event.ip ?? null,
      userAgent: event.userAgent ?? null,
      details: event.details ?? {},
    });
  }

  /** The users' wrapped data keys as the secret box reads and keeps them, each in the user's scope. */
  readonly dataKeys: DataKeyStore = {
    wrappedKey: (userId) => this.run(userId, (q) => q.wrappedKey()),
    putWrappedKey: (userId, wrapped) => this.run(userId, (q) => q.putWrappedKey(wrapped)),
  };

  /** The statements about one user's data key, in one transaction of the user's scope (row-level security). */
  run<T>(userId: string, work: (q: UserKeyQueries) => Promise<T>): Promise<T> {
    return this.scope.run(userId, (tx) => work(new UserKeyQueries(tx, userId)));
  }
}

/** One user's wrapped data key, inside the user's scope. */
export class UserKeyQueries {
  constructor(
    private readonly tx: Db,
    readonly userId: string,
  ) {}

  async wrappedKey(): Promise<string | null> {
    const rows = await this.tx
      .select({ w: userKeys.wrappedKey })
      .from(userKeys)
      .where(eq(userKeys.userId, this.userId));
    return rows[0]?.w ?? null;
  }

  /** Stores a wrapped key unless one exists (two first writers agree on one key); returns the stored one. */
  async putWrappedKey(wrappedKey: string): Promise<string> {
    await this.tx.insert(userKeys).values({ userId: this.userId, wrappedKey }).onConflictDoNothing();
    return (await this.wrappedKey())!;
  }
}
