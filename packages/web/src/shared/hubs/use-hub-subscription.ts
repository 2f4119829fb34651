import type { HubLiveState, HubNotice } from '@tradedeck/sdk/hubs';
import { useEffect, useRef, useState } from 'react';
import { useServices } from '../app-services.tsx';
import { useStore } from '../use-store.ts';
import type { HubEventName, HubEventOf } from './hub-connection.ts';
import { loadHubConnection } from './load-hub-connection.ts';

export type { HubEventName, HubEventOf };

/** How long a view waits before it tries to download the live part again. */
const HUB_LOAD_RETRY_MS = 5_000;

interface HubSubscriptionOptions {
  /** The source to follow when the event has more than one (`session:{id}`). */
  sourceId?: string;
  /** Every connection notice (lost, restored, desync…), after the returned state has followed it. */
  onNotice?: (notice: HubNotice) => void;
  /**
   * The server no longer keeps the events after our position: reload the source's state. Also run once the
   * subscription is live when the view passes no `onLive`.
   */
  onReset?: () => void;
  /**
   * The subscription has just become live: read again what the view read before it (its queries), since a change
   * made in between came as an event nobody was listening for. Once per mount, after the live part has loaded.
   * `onReset` by default: every view that can reload its state reloads it once live, so none can miss a change
   * made between its first read and its subscription.
   */
  onLive?: () => void;
}

/**
 * Follows one live event (named as in the contract's `hubEvents`) while the component is mounted: connects to
 * the event's hub, subscribes to its source and hands over each event once, in order, its payload parsed with the
 * contract's schema. Returns the connection's state for the screen's notice line. The callbacks may change
 * between renders without resubscribing. The hub client and the schemas load once the first screen has painted
 * (`loadHubConnection`); a view whose state may change before then passes `onLive` to read it again.
 */
export function useHubSubscription<K extends HubEventName>(
  name: K,
  onEvent: (event: HubEventOf<K>) => void,
  options: HubSubscriptionOptions = {},
): HubLiveState {
  const { client, workspace: active } = useServices();
  // A switch of workspace reconnects to the new one's events.
  const workspace = useStore(active.subscribe, () => active.id);
  const [state, setState] = useState<HubLiveState>('connecting');
  const latest = useRef({ onEvent, options });
  latest.current = { onEvent, options };
  const { sourceId } = options;

  useEffect(() => {
    let active = true;
    let disconnect = () => {};
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      loadHubConnection().then(
        ({ connectHub }) => {
          if (!active) return;
          disconnect = connectHub({
            client,
            workspace,
            name,
            sourceId,
            onEvent: (received) => latest.current.onEvent(received),
            onState: (next) => {
              if (active) setState(next);
            },
            onLive: () => {
              if (!active) return;
              const { onLive, onReset } = latest.current.options;
              (onLive ?? onReset)?.();
            },
            onNotice: (notice) => {
              if (active) latest.current.options.onNotice?.(notice);
            },
            onReset: () => latest.current.options.onReset?.(),
          });
        },
        () => {
          // The live part could not be downloaded (offline, a new deployment): the view shows it is not live
          // and tries again a little later.
          if (!active) return;
          setState('lost');
          retry = setTimeout(connect, HUB_LOAD_RETRY_MS);
        },
      );
    };
    connect();
    return () => {
      active = false;
      clearTimeout(retry);
      disconnect();
    };
  }, [client, workspace, name, sourceId]);

  return state;
}
