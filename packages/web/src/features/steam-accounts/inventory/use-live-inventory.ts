import { api } from '@tradedeck/sdk/contract';
import type { HubLiveState } from '@tradedeck/sdk/hubs';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useServices } from '../../../shared/app-services.tsx';
import { useHubSubscription } from '../../../shared/hubs/use-hub-subscription.ts';
import { startInventoryRefresh } from './start-inventory-refresh.ts';

/** Without live events a running refresh is watched by asking again this often. */
const POLL_MS = 2000;

/**
 * One account's inventory kept current: `InventoryScanned` for the account reloads its cached inventory, and
 * `refresh()` starts the job and reports `scanning` until the account's scan arrives (or, without live events,
 * until the polled `lastScan` moves).
 */
export function useLiveInventory(
  accountId: number,
  lastScan: string | null,
): {
  scanning: boolean;
  refresh(): void;
  live: HubLiveState;
  /** Poll interval for the inventory query while a scan runs and no live events come. */
  pollMs: number | undefined;
} {
  const services = useServices();
  const { queryClient } = services;
  const [scanning, setScanning] = useState(false);
  const baseline = useRef(lastScan);
  useEffect(() => {
    if (scanning && lastScan !== baseline.current) setScanning(false);
  }, [scanning, lastScan]);

  const reload = useCallback(
    () =>
      void queryClient.invalidateQueries({
        predicate: (query) =>
          query.queryKey[0] === api.steamTrading.inventory.id &&
          (query.queryKey[1] as { id?: number } | undefined)?.id === accountId,
      }),
    [queryClient, accountId],
  );

  const live = useHubSubscription(
    'inventoryScanned',
    ({ payload }) => {
      if (payload.accountId !== accountId) return;
      setScanning(false);
      reload();
    },
    // A scan that ended before the subscription was live is read again.
    { onReset: reload, onLive: reload },
  );

  const refresh = useCallback(() => {
    baseline.current = lastScan;
    setScanning(true);
    void startInventoryRefresh(services, [accountId]).then((started) => {
      if (!started) setScanning(false);
    });
  }, [services, accountId, lastScan]);

  return { scanning, refresh, live, pollMs: scanning && live !== 'live' ? POLL_MS : undefined };
}
