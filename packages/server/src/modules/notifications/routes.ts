import { contract } from '@tradedeck/sdk/contract';
import { type Implementation, implement } from '../../http/implement.ts';
import type { NotificationsService } from './service.ts';

export function notificationRoutes(service: NotificationsService): Implementation {
  return implement(contract.notifications, {
    query: (input, ctx) => service.query(ctx.user.userId, input),
    unreadCount: (_input, ctx) => service.unreadCount(ctx.user.userId),
    markRead: (input, ctx) => service.markRead(ctx.user.userId, input.id),
    markAllRead: (_input, ctx) => service.markAllRead(ctx.user.userId),
  });
}
