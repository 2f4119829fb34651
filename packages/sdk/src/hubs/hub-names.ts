/** The live hubs served at /tenant/hubs/{hub}, and the events each delivers to subscribers. */
export const HUB_EVENTS = {
  'proxy-checker-hub': ['ProxyStatusUpdated'],
  'harvester-hub': ['SessionUpdated', 'SessionsChanged', 'TransactionUpdated'],
} as const satisfies Record<string, readonly string[]>;

export type HubName = keyof typeof HUB_EVENTS;

export const HUB_NAMES = Object.keys(HUB_EVENTS) as HubName[];

export function isHubName(value: string): value is HubName {
  return Object.hasOwn(HUB_EVENTS, value);
}

/** A live event: `version` grows by one per source; `sequenceToken` resumes a subscription after it. */
export interface HubEvent<Payload = unknown> {
  sourceId: string;
  version: number;
  sequenceToken: string;
  payload: Payload;
}

/** What `Subscribe` answers: the version the subscription starts after, and its token. */
export interface SubscribeResult {
  sourceId: string;
  version: number;
  sequenceToken: string;
}
