import type { QueryClient } from '@tanstack/react-query';
import type { ProxyRow } from '@tradedeck/sdk/contract';
import {
  accessTokenFromApiClient,
  createHubClient,
  type HubEvent,
  type HubLiveState,
  type HubNotice,
  liveStateAfter,
} from '@tradedeck/sdk/hubs';
import { useEffect, useState } from 'react';
import { useServices } from '../../shared/app-services.tsx';
import { applyStatusEvent, applyStatusEvents } from './cache-updates.ts';
import type { CheckTracker, StatusEvent } from './check-tracker.ts';
import { readStatusEvent } from './check-tracker.ts';

export type LiveState = HubLiveState;

/** Results are applied in small bursts: a 1,000-proxy batch re-renders the table a few times a second, not 1,000. */
const FLUSH_MS = 120;

/**
 * Subscribes to `proxies` on `proxy-checker-hub` while the screen is open and writes every result into the
 * cached list pages and proxy details, so statuses, latency and country change without a reload.
 */
export function useLiveChecks(tracker: CheckTracker): LiveState {
  const { client, queryClient } = useServices();
  const [state, setState] = useState<LiveState>('connecting');

  useEffect(() => {
    let active = true;
    let buffer: StatusEvent[] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      const events = buffer;
      buffer = [];
      applyToCache(queryClient, events);
      tracker.apply(events);
    };
    const hub = createHubClient({
      baseUrl: window.location.origin,
      hub: 'proxy-checker-hub',
      accessToken: accessTokenFromApiClient(client),
      onNotice: (notice: HubNotice) => {
        if (!active) return;
        setState(liveStateAfter(notice));
        // Results missed while away are in the database: reload what is on screen.
        if (notice.kind === 'restored' || notice.kind === 'desync') {
          void queryClient.invalidateQueries({ queryKey: ['proxies'] });
        }
      },
    });
    const onEvent = (event: HubEvent) => {
      const result = readStatusEvent(event.payload);
      if (!result) return;
      buffer.push(result);
      timer ??= setTimeout(flush, FLUSH_MS);
    };
    hub
      .start()
      .then(() =>
        hub.subscribe('proxies', onEvent, {
          onReset: () => void queryClient.invalidateQueries({ queryKey: ['proxies'] }),
        }),
      )
      .then(() => {
        if (active) setState('live');
      })
      .catch(() => {
        if (active) setState('closed');
      });
    return () => {
      active = false;
      if (timer) clearTimeout(timer);
      void hub.stop();
    };
  }, [client, queryClient, tracker]);

  return state;
}

function applyToCache(queryClient: QueryClient, events: readonly StatusEvent[]): void {
  if (events.length === 0) return;
  const byId = new Map(events.map((event) => [event.id, event]));
  queryClient.setQueriesData({ queryKey: ['proxies', 'list'] }, (page) =>
    applyStatusEvents(page as Parameters<typeof applyStatusEvents>[0], byId),
  );
  for (const event of byId.values()) {
    queryClient.setQueryData<ProxyRow>(['proxies', 'get', event.id], (row) =>
      row ? applyStatusEvent(row, event) : row,
    );
  }
  void queryClient.invalidateQueries({ queryKey: ['counters', 'proxies'] });
}
