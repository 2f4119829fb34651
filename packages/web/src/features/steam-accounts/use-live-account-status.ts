import { api, type SteamAccountRow } from '@tradedeck/sdk/contract';
import type { HubLiveState } from '@tradedeck/sdk/hubs';
import { useServices } from '../../shared/app-services.tsx';
import { useHubSubscription } from '../../shared/hubs/use-hub-subscription.ts';
import { useReloadOn } from '../../shared/hubs/use-reload-on.ts';
import { invalidateArea, invalidateOperations, operationKey } from '../../shared/queries/operation-query.ts';
import { useLanguage } from '../../shared/use-language.ts';
import { applyAccountStatus, applyAccountStatusToPage } from './account-status-cache.ts';

/**
 * Follows `AccountStatusChanged` while the screen is open: the cached list pages and the open account's details
 * take the new status and last error at once, and the counters are asked again.
 */
export function useLiveAccountStatus(): HubLiveState {
  const { queryClient } = useServices();
  const language = useLanguage();
  // Changes missed while disconnected are in the database: reload what is on screen.
  const reload = () => void invalidateArea(queryClient, api.steamAccounts);
  // Accounts a move brought into the team workspace appear in the list.
  useReloadOn('accountMovedIn', reload);
  return useHubSubscription(
    'accountStatusChanged',
    ({ payload }) => {
      queryClient.setQueriesData({ queryKey: operationKey(api.steamAccounts.query) }, (page) =>
        applyAccountStatusToPage(page as { items: SteamAccountRow[] } | undefined, payload, language),
      );
      queryClient.setQueryData<SteamAccountRow>(
        operationKey(api.steamAccounts.get, { id: payload.accountId }),
        (row) => (row ? applyAccountStatus(row, payload, language) : row),
      );
      void invalidateOperations(queryClient, api.steamAccounts.counters);
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
