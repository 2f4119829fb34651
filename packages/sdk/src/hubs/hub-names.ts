import { eventsOfHub, HUB_NAMES, type HubName, isHubName } from '../contract/hubs.ts';

export { HUB_NAMES, type HubName, isHubName };

/** The events each hub delivers to subscribers, derived from the contract's hub events. */
export const HUB_EVENTS: Readonly<Record<HubName, readonly string[]>> = {
  'proxy-checker-hub': eventsOfHub('proxy-checker-hub').map((event) => event.name),
  'harvester-hub': eventsOfHub('harvester-hub').map((event) => event.name),
  'steam-trading-hub': eventsOfHub('steam-trading-hub').map((event) => event.name),
  'seller-hub': eventsOfHub('seller-hub').map((event) => event.name),
  'lots-hub': eventsOfHub('lots-hub').map((event) => event.name),
};

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
