import { harvesterRu } from './harvester.ts';
import { inventoryRu } from './inventory.ts';
import { lotsRu } from './lots.ts';
import { p2pAccountsRu } from './p2p-accounts.ts';
import { priceProfileRu } from './price-profile.ts';
import { proxiesRu } from './proxies.ts';
import { salesHistoryRu } from './sales-history.ts';
import { shellRu, type Widen } from './shell-ru.ts';
import { steamAccountsRu } from './steam-accounts.ts';

/** Russian resources of every screen: the default language. The spec's Russian texts are used verbatim. */
export const ru = {
  ...shellRu,
  proxies: proxiesRu,
  steamAccounts: steamAccountsRu,
  harvester: harvesterRu,
  p2pAccounts: p2pAccountsRu,
  lots: lotsRu,
  priceProfile: priceProfileRu,
  salesHistory: salesHistoryRu,
  inventory: inventoryRu,
} as const;

export type Resources = Widen<typeof ru>;
