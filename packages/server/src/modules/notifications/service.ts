import {
  hubEvents,
  NOTIFICATIONS_SOURCE,
  type Notification,
  type NotificationContent,
  notificationContentSchema,
  type notificationQueryInput,
  ResultCode,
} from '@tradedeck/sdk/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { EventLog } from '../../hubs/event-log/event-log.ts';
import { notificationMessages } from './messages.ts';
import type { NotificationQueries, NotificationRow, NotificationsRepo } from './repo.ts';

/** What another area posts: a kind with its parameters, and the panel path the notification opens. */
export type NotificationPost = NotificationContent & { link?: string | null };

type QueryInput = z.output<typeof notificationQueryInput>;

/**
 * Notifications kept per user with read state. Each post and each read change is appended to the user's
 * `notifications` source on notifications-hub in the same transaction, so a client resuming from its sequence
 * token misses none.
 */
export class NotificationsService {
  constructor(
    private readonly repo: NotificationsRepo,
    private readonly eventLog: EventLog,
    private readonly now: () => number,
  ) {}

  /** Posts a notification; with `within`, it joins the caller's open transaction for the same user. */
  async post(userId: string, post: NotificationPost, within?: Db): Promise<Notification> {
    const content = notificationContentSchema.parse(post);
    const work = async (q: NotificationQueries) => {
      const row = await q.insert({ kind: content.kind, params: content.params, link: post.link ?? null });
      const notification = toNotification(row);
      const unread = await q.unread();
      await this.eventLog.append(
        userId,
        hubEvents.notificationPosted,
        NOTIFICATIONS_SOURCE,
        { notification, unread },
        q.tx,
      );
      return notification;
    };
    return within ? work(this.repo.within(within, userId)) : this.repo.run(userId, work);
  }

  query(userId: string, input: QueryInput) {
    const { page, pageSize } = input.pages;
    return this.repo.run(userId, async (q) => {
      const { rows, total } = await q.page(input.read, input.sort, (page - 1) * pageSize, pageSize);
      return { items: rows.map(toNotification), total, page, pageSize };
    });
  }

  unreadCount(userId: string) {
    return this.repo.run(userId, async (q) => ({ unread: await q.unread() }));
  }

  markRead(userId: string, id: number) {
    return this.repo.run(userId, async (q) => {
      if (!(await q.markRead(id, new Date(this.now()))))
        throw new AppError({ code: ResultCode.NotFound, text: notificationMessages.notFound });
      return this.announceRead(userId, q, id);
    });
  }

  markAllRead(userId: string) {
    return this.repo.run(userId, async (q) => {
      await q.markAllRead(new Date(this.now()));
      return this.announceRead(userId, q, null);
    });
  }

  private async announceRead(userId: string, q: NotificationQueries, id: number | null) {
    const unread = await q.unread();
    await this.eventLog.append(
      userId,
      hubEvents.notificationsRead,
      NOTIFICATIONS_SOURCE,
      { id, unread },
      q.tx,
    );
    return { unread };
  }
}

function toNotification(row: NotificationRow): Notification {
  const content = notificationContentSchema.parse({ kind: row.kind, params: row.params });
  return {
    ...content,
    id: row.id,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
