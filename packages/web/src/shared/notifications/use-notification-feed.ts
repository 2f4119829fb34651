import { useQueryClient } from '@tanstack/react-query';
import { api } from '@tradedeck/sdk/contract';
import { useEffect } from 'react';
import { useHubSubscription } from '../hubs/use-hub-subscription.ts';
import { invalidateOperations, operationKey, useOperationQuery } from '../queries/operation-query.ts';

/** The newest notifications the panel lists. */
const PANEL_PAGE = { pages: { page: 1, pageSize: 25 as const } };

/**
 * The user's notifications: the unread count and the newest page, kept live from notifications-hub
 * (a resumed connection replays what it missed, so nothing posted meanwhile is lost).
 */
export function useNotificationFeed(listOpen: boolean) {
  const queryClient = useQueryClient();
  const unread = useOperationQuery(api.notifications.unreadCount);
  const list = useOperationQuery(api.notifications.query, PANEL_PAGE, { enabled: listOpen });
  const setUnread = (count: number) =>
    queryClient.setQueryData(operationKey(api.notifications.unreadCount), { unread: count });
  const refresh = () => {
    void invalidateOperations(queryClient, api.notifications.query);
  };

  const posted = useHubSubscription(
    'notificationPosted',
    (event) => {
      setUnread(event.payload.unread);
      refresh();
    },
    { onReset: () => void invalidateOperations(queryClient, api.notifications.unreadCount) },
  );
  useHubSubscription('notificationsRead', (event) => {
    setUnread(event.payload.unread);
    refresh();
  });
  // The count was read before the subscription began: read it again once live, so a notification posted in
  // between is not missed until the next one.
  useEffect(() => {
    if (posted !== 'live') return;
    void invalidateOperations(queryClient, api.notifications.unreadCount);
    void invalidateOperations(queryClient, api.notifications.query);
  }, [posted, queryClient]);

  /** After marking read (the panel's buttons, which load with it): the count the server answered, the list again. */
  const settle = (count: number) => {
    setUnread(count);
    refresh();
  };
  return { unread: unread.data?.unread ?? 0, list, settle };
}
