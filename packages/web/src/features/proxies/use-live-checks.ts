import type { QueryClient } from '@tanstack/react-query';
import { api, hubEvents, type ProxyRow } from '@tradedeck/sdk/contract';
import type { ProxyStatusUpdated } from '@tradedeck/sdk/domain';
import type { HubLiveState } from '@tradedeck/sdk/hubs';
import { useEffect, useRef } from 'react';
import { useServices } from '../../shared/app-services.tsx';
import { useHubSubscription } from '../../shared/hubs/use-hub-subscription.ts';
import { useReloadOn } from '../../shared/hubs/use-reload-on.ts';
import type { ViewJobHub } from '../../shared/hubs/view-job-hub.ts';
import { invalidateArea, invalidateOperations, operationKey } from '../../shared/queries/operation-query.ts';
import { applyStatusEvent, applyStatusEvents } from './cache-updates.ts';
import { type StatusEvent, savedProxyResult } from './running-checks.ts';

/** Results are applied in small bursts: a 1,000-proxy batch re-renders the table a few times a second, not 1,000. */
const FLUSH_MS = 120;

/**
 * Follows the proxy check results while the screen is open and writes every result into the cached list pages
 * and proxy details, so statuses, latency and country change without a reload. The results also go to `hub`, on
 * which the checks started from the screen are followed.
 */
export function useLiveChecks(hub: ViewJobHub): HubLiveState {
  const { queryClient } = useServices();
  const pending = useRef<{ events: ProxyStatusUpdated[]; timer: ReturnType<typeof setTimeout> | null }>({
    events: [],
    timer: null,
  });
  useEffect(() => {
    const current = pending.current;
    return () => {
      if (current.timer) clearTimeout(current.timer);
      current.timer = null;
      current.events = [];
    };
  }, []);

  // Results missed while away are in the database: reload what is on screen.
  const reload = () => void invalidateArea(queryClient, api.proxies);
  const state = useHubSubscription(
    'proxyStatusUpdated',
    ({ payload }) => {
      const buffer = pending.current;
      buffer.events.push(payload);
      buffer.timer ??= setTimeout(() => {
        const events = buffer.events;
        buffer.events = [];
        buffer.timer = null;
        applyToCache(
          queryClient,
          events.flatMap((event) => savedProxyResult(event) ?? []),
        );
        for (const event of events) hub.deliver(hubEvents.proxyStatusUpdated, event);
      }, FLUSH_MS);
    },
    {
      onNotice: (notice) => {
        if (notice.kind === 'restored' || notice.kind === 'desync') reload();
      },
      onReset: reload,
      onLive: () => {
        hub.followed();
        reload();
      },
    },
  );
  // Proxies a move brought into the team workspace appear in the list.
  useReloadOn('proxyMovedIn', reload);
  // A hub that is down holds no check back: its results show when the list is reloaded.
  useEffect(() => {
    if (state === 'closed' || state === 'lost') hub.followed();
  }, [state, hub]);
  return state;
}

function applyToCache(queryClient: QueryClient, events: readonly StatusEvent[]): void {
  if (events.length === 0) return;
  const byId = new Map(events.map((event) => [event.id, event]));
  queryClient.setQueriesData({ queryKey: operationKey(api.proxies.query) }, (page) =>
    applyStatusEvents(page as Parameters<typeof applyStatusEvents>[0], byId),
  );
  for (const event of byId.values()) {
    queryClient.setQueryData<ProxyRow>(operationKey(api.proxies.get, { id: event.id }), (row) =>
      row ? applyStatusEvent(row, event) : row,
    );
  }
  void invalidateOperations(queryClient, api.proxies.counters);
}
