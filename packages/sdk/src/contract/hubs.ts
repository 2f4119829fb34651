import type { z } from 'zod';
import { proxyCheckFinishedSchema, proxyStatusUpdatedSchema } from '../domain/proxy/schemas.ts';
import {
  HARVESTER_SESSIONS_SOURCE,
  harvesterSessionsChangedSchema,
  harvesterSessionUpdatedSchema,
  harvesterTransactionUpdatedSchema,
} from './harvester.ts';
import { LOTS_SOURCE, lotsChangedSchema, repriceJobUpdatedSchema, salesRecordedSchema } from './lots.ts';
import { NOTIFICATIONS_SOURCE, notificationPostedSchema, notificationsReadSchema } from './notifications.ts';
import { deliveryUpdatedSchema, SELLER_SOURCE, sellerAccountUpdatedSchema } from './p2p.ts';
import { portfolioChangedSchema } from './portfolio.ts';
import { accountsAddFinishedSchema, accountsAddProgressSchema } from './steam-accounts.ts';
import { accountStatusChangedSchema, inventoryScannedSchema, STEAM_TRADING_SOURCE } from './steam-trading.ts';
import { TRANSFER_SOURCE, transferRowSchema } from './transfer.ts';
import { movedInSchema } from './workspaces.ts';

/**
 * One live event: the hub it travels on, the sources (names in the user's own space) it is published on, its
 * name on the wire and its payload. The server's hub catalogue, the event log's typed append, the sdk hub
 * client's typed subscribe and the CLI all read it from here.
 */
export interface HubEventDescriptor<
  H extends string = string,
  N extends string = string,
  P extends z.ZodType = z.ZodType,
> {
  readonly hub: H;
  readonly name: N;
  /** Source names the event is published on. */
  readonly sources: RegExp;
  /** The source to follow when the event has only one (`proxies`); sources with ids are named by the caller. */
  readonly defaultSource?: string;
  readonly payload: P;
}

/** The payload of a hub event as producers write it and subscribers receive it. */
export type HubPayload<E extends HubEventDescriptor> = z.output<E['payload']>;

/** Declares a hub event; the identity function keeps the literal hub and event names. */
export function defineHubEvent<const E extends HubEventDescriptor>(event: E): E {
  return event;
}

/** The harvester's sources: its session list, and one session by id (`session:{id}`). */
const HARVESTER_LIST_SOURCE = /^sessions$/;
const HARVESTER_SESSION_SOURCE = /^session:[1-9][0-9]{0,9}$/;

/** Every live event, keyed by its name in code. */
export const hubEvents = {
  /** One proxy check result; `result = 1` is valid. */
  proxyStatusUpdated: defineHubEvent({
    hub: 'proxy-checker-hub',
    name: 'ProxyStatusUpdated',
    sources: /^proxies$/,
    defaultSource: 'proxies',
    payload: proxyStatusUpdatedSchema,
  }),
  /** A check batch announced its last result (`batchId` of `proxies.check`). */
  proxyCheckFinished: defineHubEvent({
    hub: 'proxy-checker-hub',
    name: 'ProxyCheckFinished',
    sources: /^proxies$/,
    defaultSource: 'proxies',
    payload: proxyCheckFinishedSchema,
  }),
  /** A move brought a proxy into the team workspace. */
  proxyMovedIn: defineHubEvent({
    hub: 'proxy-checker-hub',
    name: 'ProxyMovedIn',
    sources: /^proxies$/,
    defaultSource: 'proxies',
    payload: movedInSchema,
  }),
  /** One account of an inventory refresh batch scanned. */
  inventoryScanned: defineHubEvent({
    hub: 'steam-trading-hub',
    name: 'InventoryScanned',
    sources: /^accounts$/,
    defaultSource: STEAM_TRADING_SOURCE,
    payload: inventoryScannedSchema,
  }),
  /** A Steam account's status changed after a trading call. */
  accountStatusChanged: defineHubEvent({
    hub: 'steam-trading-hub',
    name: 'AccountStatusChanged',
    sources: /^accounts$/,
    defaultSource: STEAM_TRADING_SOURCE,
    payload: accountStatusChangedSchema,
  }),
  /** A scan changed an account's part of the portfolio: totals and rows are read again. */
  portfolioChanged: defineHubEvent({
    hub: 'steam-trading-hub',
    name: 'PortfolioChanged',
    sources: /^accounts$/,
    defaultSource: STEAM_TRADING_SOURCE,
    payload: portfolioChangedSchema,
  }),
  /** A move brought a Steam account into the team workspace. */
  accountMovedIn: defineHubEvent({
    hub: 'steam-trading-hub',
    name: 'AccountMovedIn',
    sources: /^accounts$/,
    defaultSource: STEAM_TRADING_SOURCE,
    payload: movedInSchema,
  }),
  /** One sign-in of an add job ended. */
  accountsAddProgress: defineHubEvent({
    hub: 'steam-trading-hub',
    name: 'AccountsAddProgress',
    sources: /^accounts$/,
    defaultSource: STEAM_TRADING_SOURCE,
    payload: accountsAddProgressSchema,
  }),
  /** An add job ended, with the answer per row. */
  accountsAddFinished: defineHubEvent({
    hub: 'steam-trading-hub',
    name: 'AccountsAddFinished',
    sources: /^accounts$/,
    defaultSource: STEAM_TRADING_SOURCE,
    payload: accountsAddFinishedSchema,
  }),
  /** A P2P seller account's status, platforms, balances, orders or active deliveries changed (or it was removed). */
  sellerAccountUpdated: defineHubEvent({
    hub: 'seller-hub',
    name: 'SellerAccountUpdated',
    sources: /^accounts$/,
    defaultSource: SELLER_SOURCE,
    payload: sellerAccountUpdatedSchema,
  }),
  /** One delivery of a sale moved a step (pending, sent, confirmed, ready or failed). */
  deliveryUpdated: defineHubEvent({
    hub: 'seller-hub',
    name: 'DeliveryUpdated',
    sources: /^accounts$/,
    defaultSource: SELLER_SOURCE,
    payload: deliveryUpdatedSchema,
  }),
  /** A balance transfer was written, settled, or its unknown outcome resolved. */
  transferUpdated: defineHubEvent({
    hub: 'seller-hub',
    name: 'TransferUpdated',
    sources: /^accounts$/,
    defaultSource: TRANSFER_SOURCE,
    payload: transferRowSchema,
  }),
  /** A harvester session's status, counts or plan changed: the whole session row. */
  sessionUpdated: defineHubEvent({
    hub: 'harvester-hub',
    name: 'SessionUpdated',
    sources: HARVESTER_LIST_SOURCE,
    defaultSource: HARVESTER_SESSIONS_SOURCE,
    payload: harvesterSessionUpdatedSchema,
  }),
  /** A harvester session was created or completed: the list changed. */
  sessionsChanged: defineHubEvent({
    hub: 'harvester-hub',
    name: 'SessionsChanged',
    sources: HARVESTER_LIST_SOURCE,
    defaultSource: HARVESTER_SESSIONS_SOURCE,
    payload: harvesterSessionsChangedSchema,
  }),
  /** One transaction of a session (`session:{id}`) moved to a step or an end. */
  transactionUpdated: defineHubEvent({
    hub: 'harvester-hub',
    name: 'TransactionUpdated',
    sources: HARVESTER_SESSION_SOURCE,
    payload: harvesterTransactionUpdatedSchema,
  }),
  /** A notification was posted for the user, with the unread count after it. */
  notificationPosted: defineHubEvent({
    hub: 'notifications-hub',
    name: 'NotificationPosted',
    sources: /^notifications$/,
    defaultSource: NOTIFICATIONS_SOURCE,
    payload: notificationPostedSchema,
  }),
  /** One notification or all of them were marked read, with the unread count after. */
  notificationsRead: defineHubEvent({
    hub: 'notifications-hub',
    name: 'NotificationsRead',
    sources: /^notifications$/,
    defaultSource: NOTIFICATIONS_SOURCE,
    payload: notificationsReadSchema,
  }),
  /** Lots' prices, statuses or issues changed (the repricing tick, an apply, a sync, a sale, a delete). */
  lotsChanged: defineHubEvent({
    hub: 'lots-hub',
    name: 'LotsChanged',
    sources: /^lots$/,
    defaultSource: LOTS_SOURCE,
    payload: lotsChangedSchema,
  }),
  /** A repricing job's progress or end. */
  repriceJobUpdated: defineHubEvent({
    hub: 'lots-hub',
    name: 'RepriceJobUpdated',
    sources: /^lots$/,
    defaultSource: LOTS_SOURCE,
    payload: repriceJobUpdatedSchema,
  }),
  /** New sales reached the sales history (a delivery completed, or a sync read them from the market). */
  salesRecorded: defineHubEvent({
    hub: 'lots-hub',
    name: 'SalesRecorded',
    sources: /^lots$/,
    defaultSource: LOTS_SOURCE,
    payload: salesRecordedSchema,
  }),
} as const;

export type HubEvents = typeof hubEvents;
export type AnyHubEvent = HubEvents[keyof HubEvents];

/** The live hubs served at /tenant/hubs/{hub}. */
export type HubName = AnyHubEvent['hub'];

/** The names of the events one hub delivers. */
export type HubEventName<H extends HubName> = Extract<AnyHubEvent, { hub: H }>['name'];

const allEvents: readonly AnyHubEvent[] = Object.values(hubEvents);

// The hub names come from the schema-free table, which test/hub-routes.test.ts keeps in step with `hubEvents`.
export { HUB_NAMES, isHubName, WITHHELD_EVENT } from './hub-routes.ts';

/** The events a hub delivers, in declaration order. */
export function eventsOfHub<H extends HubName>(hub: H): Extract<AnyHubEvent, { hub: H }>[] {
  return allEvents.filter((event): event is Extract<AnyHubEvent, { hub: H }> => event.hub === hub);
}

/** Whether a hub publishes anything on the source: any of its events' source patterns matches. */
export function hubHasSource(hub: HubName, sourceId: string): boolean {
  return eventsOfHub(hub).some((event) => event.sources.test(sourceId));
}

/** The descriptor of an event by hub and wire name; undefined when the hub has no such event. */
export function findHubEvent(hub: string, name: string): AnyHubEvent | undefined {
  return allEvents.find((event) => event.hub === hub && event.name === name);
}
