import { api, type LotGroup } from '@tradedeck/sdk/contract';
import type { HubLiveState } from '@tradedeck/sdk/hubs';
import { useServices } from '../../shared/app-services.tsx';
import { useHubSubscription } from '../../shared/hubs/use-hub-subscription.ts';
import { invalidateArea, invalidateOperations, operationKey } from '../../shared/queries/operation-query.ts';
import { applyLotsChanged } from './lot-cache.ts';

/**
 * Follows `LotsChanged` on `lots-hub` while the screen is open: prices, statuses and issues of the lots on screen
 * change in place (the repricing tick, an apply, a sale); a removed lot reloads the list and the counters.
 */
export function useLiveLots(): HubLiveState {
  const { queryClient } = useServices();
  const reload = () => void invalidateArea(queryClient, api.lots);
  return useHubSubscription(
    'lotsChanged',
    ({ payload }) => {
      queryClient.setQueriesData({ queryKey: operationKey(api.lots.groups) }, (page) =>
        applyLotsChanged(page as { items: LotGroup[] } | undefined, payload),
      );
      if (payload.lots.some((change) => change.removed)) {
        void invalidateOperations(queryClient, api.lots.groups, api.lots.counters);
      }
    },
    {
      onNotice: (notice) => {
        if (notice.kind === 'restored' || notice.kind === 'desync') reload();
      },
      onReset: reload,
      // What changed before the subscription was live is read again.
      onLive: reload,
    },
  );
}
