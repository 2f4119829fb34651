import type { ApiClient } from '@tradedeck/sdk/client';
import { type HubPayload, hubEvents } from '@tradedeck/sdk/contract';
import type { HubLiveState } from '@tradedeck/sdk/hubs';
import {
  accessTokenFromApiClient,
  createHubClient,
  type HubEvent,
  type HubNotice,
  liveStateAfter,
} from '@tradedeck/sdk/hubs';

/** A live event's name in code (`notificationPosted`). */
export type HubEventName = keyof typeof hubEvents;
export type HubEventOf<K extends HubEventName> = HubEvent<HubPayload<(typeof hubEvents)[K]>>;

interface HubConnectionOptions<K extends HubEventName> {
  client: ApiClient;
  name: K;
  sourceId: string | undefined;
  onEvent(event: HubEventOf<K>): void;
  onState(state: HubLiveState): void;
  /** The subscription has just become live (once per connection). */
  onLive(): void;
  onNotice(notice: HubNotice): void;
  onReset(): void;
}

/**
 * Connects to a live event's hub and follows it; returns the disconnect. Loaded with the first live view: it
 * carries the SignalR client and the events' payload schemas, which the panel's first paint does without.
 */
export function connectHub<K extends HubEventName>(options: HubConnectionOptions<K>): () => void {
  let active = true;
  const event = hubEvents[options.name];
  const hub = createHubClient({
    baseUrl: window.location.origin,
    hub: event.hub,
    accessToken: accessTokenFromApiClient(options.client),
    onNotice: (notice) => {
      options.onState(liveStateAfter(notice));
      options.onNotice(notice);
    },
  });
  hub
    .start()
    .then(() =>
      hub.subscribe(
        event,
        (received) => {
          if (active) options.onEvent(received as HubEventOf<K>);
        },
        {
          ...(options.sourceId === undefined ? {} : { sourceId: options.sourceId }),
          onReset: () => {
            if (active) options.onReset();
          },
        },
      ),
    )
    .then(() => {
      if (!active) return;
      options.onState('live');
      options.onLive();
    })
    .catch(() => {
      if (active) options.onState('closed');
    });
  const disconnect = (): Promise<void> => {
    active = false;
    open.delete(disconnect);
    return hub.stop().catch(() => {});
  };
  open.add(disconnect);
  return () => void disconnect();
}

/** Every hub connection of this page, so a logout can close them before the server ends the session. */
const open = new Set<() => Promise<void>>();

/** Disconnects every live view's hub: a connection left open would be refused (401) once the session ends. */
export async function disconnectAllHubs(): Promise<void> {
  await Promise.all([...open].map((disconnect) => disconnect()));
}
