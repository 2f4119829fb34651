import { and, asc, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { notifications } from '../../db/schema.ts';
import type { UserScope } from '../../security/user-scope.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Pick<typeof notifications.$inferInsert, 'kind' | 'params' | 'link'>;

type NotificationSort = { propertyName: 'createdAt' | 'id'; isDescending: boolean }[];

/** All SQL of the notifications area, run inside the caller's user scope (row-level security). */
export class NotificationsRepo {
  constructor(private readonly scope: UserScope) {}

  run<T>(userId: string, work: (q: NotificationQueries) => Promise<T>): Promise<T> {
    return this.scope.run(userId, (tx) => work(new NotificationQueries(tx, userId)));
  }

  /** Queries joined to a transaction another area opened for the same user (its change and the post commit together). */
  within(tx: Db, userId: string): NotificationQueries {
    return new NotificationQueries(tx, userId);
  }
}

export class NotificationQueries {
  constructor(
    readonly tx: Db,
    private readonly userId: string,
  ) {}

  async insert(row: NewNotification): Promise<NotificationRow> {
    const [inserted] = await this.tx
      .insert(notifications)
      .values({ ...row, userId: this.userId })
      .returning();
    return inserted!;
  }

  async page(
    read: boolean | null | undefined,
    sort: NotificationSort,
    offset: number,
    limit: number,
  ): Promise<{ rows: NotificationRow[]; total: number }> {
    const own = eq(notifications.userId, this.userId);
    const filter =
      read === true
        ? and(own, isNotNull(notifications.readAt))
        : read === false
          ? and(own, isNull(notifications.readAt))
          : own;
    const order = sort.length
      ? sort.map((s) => (s.isDescending ? desc : asc)(notifications[s.propertyName]))
      : [desc(notifications.createdAt), desc(notifications.id)];
    const [rows, [counted]] = await Promise.all([
      this.tx
        .select()
        .from(notifications)
        .where(filter)
        .orderBy(...order, desc(notifications.id))
        .offset(offset)
        .limit(limit),
      this.tx.select({ total: count() }).from(notifications).where(filter),
    ]);
    return { rows, total: counted?.total ?? 0 };
  }

  async unread(): Promise<number> {
    const [row] = await this.tx
      .select({ unread: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, this.userId), isNull(notifications.readAt)));
    return row?.unread ?? 0;
  }

  /** Marks one read; false when the user has no such notification. */
  async markRead(id: number, at: Date): Promise<boolean> {
    const exists = await this.tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, this.userId), eq(notifications.id, id)));
    if (exists.length === 0) return false;
    await this.tx
      .update(notifications)
      .set({ readAt: at })
      .where(
        and(eq(notifications.userId, this.userId), eq(notifications.id, id), isNull(notifications.readAt)),
      );
    return true;
  }

  async markAllRead(at: Date): Promise<void> {
    await this.tx
      .update(notifications)
      .set({ readAt: at })
      .where(and(eq(notifications.userId, this.userId), isNull(notifications.readAt)));
  }
}
