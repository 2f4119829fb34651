import { api, HARVESTER_SESSIONS_SOURCE, type HarvesterSession } from '@tradedeck/sdk/contract';
import type { HubLiveState } from '@tradedeck/sdk/hubs';
import { useEffect } from 'react';
import { useServices } from '../../shared/app-services.tsx';
import { useHubSubscription } from '../../shared/hubs/use-hub-subscription.ts';
import { invalidateOperations, operationKey } from '../../shared/queries/operation-query.ts';
import { applySessionUpdate } from './cache-updates.ts';

/**
 * Follows the user's session list (`sessions` on harvester-hub): each session's new state is written into the
 * cached list pages and the session itself; created or completed sessions refetch the list.
 */
export function useLiveSessions(): HubLiveState {
  const { queryClient } = useServices();
  const reload = () =>
    void invalidateOperations(queryClient, api.harvester.listSessions, api.harvester.getSession);
  const options = {
    sourceId: HARVESTER_SESSIONS_SOURCE,
    onNotice: (notice: { kind: string }) => {
      if (notice.kind === 'restored' || notice.kind === 'desync') reload();
    },
    onReset: reload,
  };
  const state = useHubSubscription(
    'sessionUpdated',
    ({ payload }) => {
      const session = payload as HarvesterSession;
      queryClient.setQueryData(operationKey(api.harvester.getSession, { id: session.id }), session);
      queryClient.setQueriesData({ queryKey: operationKey(api.harvester.listSessions) }, (page) =>
        applySessionUpdate(page as Parameters<typeof applySessionUpdate>[0], session),
      );
      void invalidateOperations(queryClient, api.harvester.sessionSummary);
    },
    options,
  );
  useHubSubscription(
    'sessionsChanged',
    () => void invalidateOperations(queryClient, api.harvester.listSessions),
    options,
  );
  // Changes made before the subscription was live are read once it is.
  useEffect(() => {
    if (state === 'live')
      void invalidateOperations(queryClient, api.harvester.listSessions, api.harvester.getSession);
  }, [state, queryClient]);
  return state;
}
