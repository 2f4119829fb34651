/**
 * Every live event without its payload schema: its hub, its name on the wire and its default source, keyed as in
 * `hubEvents` (`hubs.ts`), kept in step with it by test/hub-routes.test.ts. The hub client and a browser's first
 * live view connect and subscribe through it without loading zod or the areas' schemas; a payload is parsed with
 * the full descriptor once one arrives.
 */
export const hubEventRoutes = {
  proxyStatusUpdated: { hub: 'proxy-checker-hub', name: 'ProxyStatusUpdated', defaultSource: 'proxies' },
  proxyCheckFinished: { hub: 'proxy-checker-hub', name: 'ProxyCheckFinished', defaultSource: 'proxies' },
  proxyMovedIn: { hub: 'proxy-checker-hub', name: 'ProxyMovedIn', defaultSource: 'proxies' },
  inventoryScanned: { hub: 'steam-trading-hub', name: 'InventoryScanned', defaultSource: 'accounts' },
  accountStatusChanged: { hub: 'steam-trading-hub', name: 'AccountStatusChanged', defaultSource: 'accounts' },
  portfolioChanged: { hub: 'steam-trading-hub', name: 'PortfolioChanged', defaultSource: 'accounts' },
  accountMovedIn: { hub: 'steam-trading-hub', name: 'AccountMovedIn', defaultSource: 'accounts' },
  accountsAddProgress: { hub: 'steam-trading-hub', name: 'AccountsAddProgress', defaultSource: 'accounts' },
  accountsAddFinished: { hub: 'steam-trading-hub', name: 'AccountsAddFinished', defaultSource: 'accounts' },
  sellerAccountUpdated: { hub: 'seller-hub', name: 'SellerAccountUpdated', defaultSource: 'accounts' },
  deliveryUpdated: { hub: 'seller-hub', name: 'DeliveryUpdated', defaultSource: 'accounts' },
  transferUpdated: { hub: 'seller-hub', name: 'TransferUpdated', defaultSource: 'accounts' },
  sessionUpdated: { hub: 'harvester-hub', name: 'SessionUpdated', defaultSource: 'sessions' },
  sessionsChanged: { hub: 'harvester-hub', name: 'SessionsChanged', defaultSource: 'sessions' },
  transactionUpdated: { hub: 'harvester-hub', name: 'TransactionUpdated' },
  notificationPosted: {
    hub: 'notifications-hub',
    name: 'NotificationPosted',
    defaultSource: 'notifications',
  },
  notificationsRead: { hub: 'notifications-hub', name: 'NotificationsRead', defaultSource: 'notifications' },
  lotsChanged: { hub: 'lots-hub', name: 'LotsChanged', defaultSource: 'lots' },
  repriceJobUpdated: { hub: 'lots-hub', name: 'RepriceJobUpdated', defaultSource: 'lots' },
  salesRecorded: { hub: 'lots-hub', name: 'SalesRecorded', defaultSource: 'lots' },
} as const satisfies Record<string, HubEventRoute>;

export interface HubEventRoute {
  readonly hub: string;
  readonly name: string;
  readonly defaultSource?: string;
}

export type HubEventKey = keyof typeof hubEventRoutes;
export type HubRouteName = (typeof hubEventRoutes)[HubEventKey]['hub'];

const routes: readonly HubEventRoute[] = Object.values(hubEventRoutes);

/** The live hubs served at /tenant/hubs/{hub}, in declaration order. */
export const HUB_NAMES = [...new Set(routes.map((route) => route.hub))] as readonly HubRouteName[];

export function isHubName(value: string): value is HubRouteName {
  return (HUB_NAMES as readonly string[]).includes(value);
}

/**
 * What a member limited to tags receives, on every hub, in place of an event about an account or proxy outside its
 * tags: the event's source and version with a null payload. The hub client advances the source's order with it
 * and tells no handler.
 */
export const WITHHELD_EVENT = 'EventWithheld';

/** The wire names of the events a hub delivers, in declaration order. */
export function eventNamesOfHub(hub: string): string[] {
  return routes.filter((route) => route.hub === hub).map((route) => route.name);
}
