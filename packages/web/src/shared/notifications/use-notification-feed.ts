import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract, hubEvents } from '@tradedeck/sdk/contract';
import { useServices } from '../app-services.tsx';
import { useHubSubscription } from '../hubs/use-hub-subscription.ts';
import { invalidateOperations, operationKey, useOperationQuery } from '../queries/operation-query.ts';

/** The newest notifications the panel lists. */
const PANEL_PAGE = { pages: { page: 1, pageSize: 25 as const } };

/**
 * The user's notifications: the unread count, the newest page, marking read; kept live from notifications-hub
 * (a resumed connection replays what it missed, so nothing posted meanwhile is lost).
 */
export function useNotificationFeed(listOpen: boolean) {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const unread = useOperationQuery(contract.notifications.unreadCount);
  const list = useOperationQuery(contract.notifications.query, PANEL_PAGE, { enabled: listOpen });
  const setUnread = (count: number) =>
    queryClient.setQueryData(operationKey(contract.notifications.unreadCount), { unread: count });
  const refresh = () => {
    void invalidateOperations(queryClient, contract.notifications.query);
  };

  useHubSubscription(
    hubEvents.notificationPosted,
    (event) => {
      setUnread(event.payload.unread);
      refresh();
    },
    { onReset: () => void invalidateOperations(queryClient, contract.notifications.unreadCount) },
  );
  useHubSubscription(hubEvents.notificationsRead, (event) => {
    setUnread(event.payload.unread);
    refresh();
  });

  const markRead = useMutation({
    mutationFn: (id: number) => client.notifications.markRead({ id }),
    onSuccess: (answer) => {
      setUnread(answer.unread);
      refresh();
    },
  });
  const markAllRead = useMutation({
    mutationFn: () => client.notifications.markAllRead({}),
    onSuccess: (answer) => {
      setUnread(answer.unread);
      refresh();
    },
  });
  return { unread: unread.data?.unread ?? 0, list, markRead, markAllRead };
}
