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

export interface ProxyCheckEvent {
  version: number;
  id: number;
  valid: boolean;
}

export type FeedState = HubLiveState;

/** How many results the dashboard keeps on screen. */
const KEEP = 10;

/**
 * The signed-in user's proxy check results as they arrive on `proxy-checker-hub` (source `proxies`), newest
 * first, with the connection's state for the notice line.
 */
export function useProxyCheckFeed(): { events: ProxyCheckEvent[]; state: FeedState } {
  const { client } = useServices();
  const [events, setEvents] = useState<ProxyCheckEvent[]>([]);
  const [state, setState] = useState<FeedState>('connecting');

  useEffect(() => {
    const hub = createHubClient({
      baseUrl: window.location.origin,
      hub: 'proxy-checker-hub',
      accessToken: accessTokenFromApiClient(client),
      onNotice: (notice: HubNotice) => setState(liveStateAfter(notice)),
    });
    let active = true;
    const onEvent = (event: HubEvent) => {
      const payload = event.payload as { id?: unknown; result?: unknown };
      if (typeof payload.id !== 'number') return;
      const next = { version: event.version, id: payload.id, valid: payload.result === 1 };
      setEvents((current) => [next, ...current].slice(0, KEEP));
    };
    hub
      .start()
      .then(() => hub.subscribe('proxies', onEvent, { onReset: () => setEvents([]) }))
      .then(() => {
        if (active) setState('live');
      })
      .catch(() => {
        if (active) setState('closed');
      });
    return () => {
      active = false;
      void hub.stop();
    };
  }, [client]);

  return { events, state };
}
