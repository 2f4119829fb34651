import type { HubLiveState } from '@tradedeck/sdk/hubs';
import { useState } from 'react';
import { useHubSubscription } from '../../shared/hubs/use-hub-subscription.ts';

interface ProxyCheckEvent {
  version: number;
  id: number;
  valid: boolean;
}

/** How many results the dashboard keeps on screen. */
const KEEP = 10;

/** The signed-in user's proxy check results as they arrive, newest first, with the connection's state. */
export function useProxyCheckFeed(): { events: ProxyCheckEvent[]; state: HubLiveState } {
  const [events, setEvents] = useState<ProxyCheckEvent[]>([]);
  const state = useHubSubscription(
    'proxyStatusUpdated',
    ({ version, payload }) => {
      // Check-map lines carry their key as id: the feed lists saved proxies.
      if (typeof payload.id !== 'number') return;
      const next = { version, id: payload.id, valid: payload.result === 1 };
      setEvents((current) => [next, ...current].slice(0, KEEP));
    },
    { onReset: () => setEvents([]) },
  );
  return { events, state };
}
