import { eventNamesOfHub, HUB_NAMES, isHubName } from '../contract/hub-routes.ts';
import type { HubName } from '../contract/hubs.ts';

export { HUB_NAMES, type HubName, isHubName };

/** The events each hub delivers to subscribers, from the contract's hub events (without their schemas). */
export const HUB_EVENTS: Readonly<Record<HubName, readonly string[]>> = {
  'proxy-checker-hub': eventNamesOfHub('proxy-checker-hub'),
  'harvester-hub': eventNamesOfHub('harvester-hub'),
  'steam-trading-hub': eventNamesOfHub('steam-trading-hub'),
  'seller-hub': eventNamesOfHub('seller-hub'),
  'notifications-hub': eventNamesOfHub('notifications-hub'),
  'lots-hub': eventNamesOfHub('lots-hub'),
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
