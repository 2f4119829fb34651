import { expect } from 'vitest';
import type { AuthTestApp, TestUser } from '../auth/helpers/auth-app.ts';

/** User A's unread notification that user B aims at. */
export interface NotificationsWalkTarget {
  notificationId: number;
}

interface Ctx {
  t: AuthTestApp;
  a: TestUser;
  b: TestUser;
  notifications: NotificationsWalkTarget;
}

const as = (t: AuthTestApp, user: TestUser, method: string, url: string, body?: unknown) =>
  t.call(method, url, { token: user.accessToken, ...(body !== undefined ? { body } : {}) });

/** A bulk action over two seller accounts A does not have finishes, and A is notified of it. */
export async function prepareNotificationsWalk(
  t: AuthTestApp,
  a: TestUser,
): Promise<NotificationsWalkTarget> {
  await as(t, a, 'POST', '/api/p2p/accounts/pause', { ids: [999_998, 999_999] });
  const page = await as(t, a, 'POST', '/api/notifications/query', { read: false });
  const id = page.json().data.items[0]?.id as number | undefined;
  if (!id) throw new Error('no notification to walk');
  return { notificationId: id };
}

export const notificationsWalker = {
  'notifications.markRead': {
    expect: 3,
    attack: ({ t, b, notifications }: Ctx) =>
      as(t, b, 'POST', `/api/notifications/${notifications.notificationId}/read`, {}),
    async unchanged({ t, a, notifications }: Ctx) {
      const page = await as(t, a, 'POST', '/api/notifications/query', { read: false });
      const ids = page.json().data.items.map((n: { id: number }) => n.id);
      expect(ids).toContain(notifications.notificationId);
    },
  },
};
