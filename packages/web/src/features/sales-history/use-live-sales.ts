import { api } from '@tradedeck/sdk/contract';
import type { HubLiveState } from '@tradedeck/sdk/hubs';
import { useServices } from '../../shared/app-services.tsx';
import { useHubSubscription } from '../../shared/hubs/use-hub-subscription.ts';
import { invalidateArea } from '../../shared/queries/operation-query.ts';

/**
 * Follows `SalesRecorded` on `lots-hub` while the screen is open: a delivery that completes (or a sync that read
 * new sales) reads the list, the totals and the chart again, so a sale shows without a reload.
 */
export function useLiveSales(): HubLiveState {
  const { queryClient } = useServices();
  const reload = () => void invalidateArea(queryClient, api.sales);
  return useHubSubscription('salesRecorded', reload, {
    onNotice: (notice) => {
      if (notice.kind === 'restored' || notice.kind === 'desync') reload();
    },
    onReset: reload,
    // What was recorded before the subscription was live is read again.
    onLive: reload,
  });
}
