import { api, type SellerAccountRow } from '@tradedeck/sdk/contract';
import type { HubLiveState } from '@tradedeck/sdk/hubs';
import { useServices } from '../../shared/app-services.tsx';
import { useHubSubscription } from '../../shared/hubs/use-hub-subscription.ts';
import { invalidateArea, invalidateOperations, operationKey } from '../../shared/queries/operation-query.ts';
import { applySellerUpdate, applySellerUpdateToPage } from './seller-cache.ts';

/**
 * Follows `SellerAccountUpdated` on `seller-hub` while the screen is open: the cached list pages and the open
 * account's dialog take the new status, platforms and balances at once; a removed account reloads the list; the
 * counters are asked again.
 */
export function useLiveSellers(): HubLiveState {
  const { queryClient } = useServices();
  // Changes missed while disconnected are in the database: reload what is on screen.
  const reload = () => void invalidateArea(queryClient, api.p2p);
  return useHubSubscription(
    'sellerAccountUpdated',
    ({ payload }) => {
      if (payload.removed) {
        void invalidateOperations(queryClient, api.p2p.query, api.p2p.counters);
        return;
      }
      queryClient.setQueriesData({ queryKey: operationKey(api.p2p.query) }, (page) =>
        applySellerUpdateToPage(page as { items: SellerAccountRow[] } | undefined, payload),
      );
      queryClient.setQueryData<SellerAccountRow>(
        operationKey(api.p2p.get, { id: payload.accountId }),
        (row) => (row ? applySellerUpdate(row, payload) : row),
      );
      void invalidateOperations(queryClient, api.p2p.counters);
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
