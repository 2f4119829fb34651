import type { AnyHubEvent, HubPayload } from '@tradedeck/sdk/contract';
import {
  accessTokenFromApiClient,
  createHubClient,
  type HubEvent,
  type HubLiveState,
  type HubNotice,
  liveStateAfter,
} from '@tradedeck/sdk/hubs';
import { useEffect, useRef, useState } from 'react';
import { useServices } from '../app-services.tsx';

interface HubSubscriptionOptions {
  /** The source to follow when the event has more than one (`session:{id}`). */
  sourceId?: string;
  /** Every connection notice (lost, restored, desync…), after the returned state has followed it. */
  onNotice?: (notice: HubNotice) => void;
  /** The server no longer keeps the events after our position: reload the source's state. */
  onReset?: () => void;
}

/**
 * Follows one live event while the component is mounted: connects to the event's hub, subscribes to its source
 * and hands over each event once, in order, its payload parsed with the contract's schema. Returns the
 * connection's state for the screen's notice line. The callbacks may change between renders without
 * resubscribing.
 */
export function useHubSubscription<E extends AnyHubEvent>(
  event: E,
  onEvent: (event: HubEvent<HubPayload<E>>) => void,
  options: HubSubscriptionOptions = {},
): HubLiveState {
  const { client } = useServices();
  const [state, setState] = useState<HubLiveState>('connecting');
  const latest = useRef({ onEvent, options });
  latest.current = { onEvent, options };
  const { sourceId } = options;

  useEffect(() => {
    let active = true;
    const hub = createHubClient({
      baseUrl: window.location.origin,
      hub: event.hub,
      accessToken: accessTokenFromApiClient(client),
      onNotice: (notice) => {
        if (!active) return;
        setState(liveStateAfter(notice));
        latest.current.options.onNotice?.(notice);
      },
    });
    hub
      .start()
      .then(() =>
        hub.subscribe(
          event,
          (received) => {
            if (active) latest.current.onEvent(received);
          },
          {
            ...(sourceId === undefined ? {} : { sourceId }),
            onReset: () => {
              if (active) latest.current.options.onReset?.();
            },
          },
        ),
      )
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
  }, [client, event, sourceId]);

  return state;
}
