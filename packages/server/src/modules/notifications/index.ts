import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { EventLog } from '../../hubs/event-log/event-log.ts';
import { UserScope } from '../../security/user-scope.ts';
import { NotificationsRepo } from './repo.ts';
import { notificationRoutes } from './routes.ts';
import { type NotificationPost, NotificationsService } from './service.ts';

export type { NotificationPost } from './service.ts';

export interface NotificationsDeps {
  database: Database;
  eventLog: EventLog;
  now: () => number;
}

/** What other areas use: post a notification for a user, optionally inside their own open transaction. */
export interface NotificationsApi {
  post(
    userId: string,
    post: NotificationPost,
    within?: Parameters<NotificationsService['post']>[2],
  ): Promise<void>;
}

/** Notifications kept per user with read state, pushed live on notifications-hub. */
export function registerNotifications(app: FastifyInstance, deps: NotificationsDeps): NotificationsApi {
  const service = new NotificationsService(
    new NotificationsRepo(new UserScope(deps.database.db)),
    deps.eventLog,
    deps.now,
  );
  notificationRoutes(service).bind(app);
  const log = app.log.child({ module: 'notifications' });
  return {
    async post(userId, post, within) {
      // A notification is a side note: failing to post it never fails the work it reports.
      await service.post(userId, post, within).catch((error: unknown) => {
        if (within) throw error;
        log.warn({ err: error, kind: post.kind }, 'notification not posted');
      });
    },
  };
}
