import type { ApiClient } from '@tradedeck/sdk/client';
import type { HubPayload, hubEvents } from '@tradedeck/sdk/contract';
import type { HubLiveState } from '@tradedeck/sdk/hubs';
import {
  accessTokenFromApiClient,
  createHubClient,
  type HubEvent,
  type HubEventKey,
  type HubNotice,
  hubEventRoutes,
  liveStateAfter,
} from '@tradedeck/sdk/hubs';

/** A live event's name in code (`notificationPosted`). */
export type HubEventName = HubEventKey;
export type HubEventOf<K extends HubEventName> = HubEvent<HubPayload<(typeof hubEvents)[K]>>;

interface HubConnectionOptions<K extends HubEventName> {
  client: ApiClient;
  /** The workspace whose events to follow; null: the personal one. */
  workspace: string | null;
  name: K;
  sourceId: string | undefined;
  onEvent(event: HubEventOf<K>): void;
  onState(state: HubLiveState): void;
  /** The subscription has just become live (once per connection). */
  onLive(): void;
  onNotice(notice: HubNotice): void;
  onReset(): void;
}

type PayloadParser = typeof import('./hub-payloads.ts');
let parser: Promise<PayloadParser> | null = null;

/** The payload schemas (zod and every area's contract), fetched with the first payload; a failed fetch is retried. */
function loadParser(): Promise<PayloadParser> {
  parser ??= import('./hub-payloads.ts');
  parser.catch(() => {
    parser = null;
  });
  return parser;
}

/**
 * Connects to a live event's hub and follows it; returns the disconnect. Loaded with the first live view: it
 * carries the SignalR client, which the panel's first paint does without. The payload schemas load with the
 * first event that arrives; events wait for them in order, so each is handed over once, parsed, in order.
 */
export function connectHub<K extends HubEventName>(options: HubConnectionOptions<K>): () => void {
  let active = true;
  const event = hubEventRoutes[options.name];
  const sourceId = options.sourceId ?? ('defaultSource' in event ? event.defaultSource : undefined);
  let delivered: Promise<unknown> = Promise.resolve();
  const deliver = (received: HubEvent) => {
    delivered = delivered
      .then(() => loadParser())
      .then(({ parseHubPayload }) => {
        const parsed = parseHubPayload(options.name, received.payload);
        if (active && parsed) options.onEvent({ ...received, ...parsed } as HubEventOf<K>);
      })
      // The schemas could not be downloaded: the view reads its state again rather than miss the event.
      .catch(() => {
        if (active) options.onReset();
      });
  };
  const hub = createHubClient({
    baseUrl: window.location.origin,
    hub: event.hub,
    accessToken: accessTokenFromApiClient(options.client),
    workspace: options.workspace,
    onNotice: (notice) => {
      options.onState(liveStateAfter(notice));
      options.onNotice(notice);
    },
  });
  hub
    .start()
    .then(() => {
      if (sourceId === undefined) throw new TypeError(`${event.name} needs a source id`);
      return hub.subscribe(
        sourceId,
        (received, eventName) => {
          if (active && eventName === event.name) deliver(received);
        },
        {
          onReset: () => {
            if (active) options.onReset();
          },
        },
      );
    })
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
