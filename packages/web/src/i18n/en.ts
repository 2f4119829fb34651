import { harvesterEn } from './harvester.ts';
import { inventoryEn } from './inventory.ts';
import { lotsEn } from './lots.ts';
import { p2pAccountsEn } from './p2p-accounts.ts';
import { priceProfileEn } from './price-profile.ts';
import { proxiesEn } from './proxies.ts';
import type { Resources } from './ru.ts';
import { salesHistoryEn } from './sales-history.ts';
import { shellEn } from './shell-en.ts';
import { steamAccountsEn } from './steam-accounts.ts';

/** English resources of every screen. */
export const en: Resources = {
  ...shellEn,
  proxies: proxiesEn,
  steamAccounts: steamAccountsEn,
  harvester: harvesterEn,
  p2pAccounts: p2pAccountsEn,
  lots: lotsEn,
  priceProfile: priceProfileEn,
  salesHistory: salesHistoryEn,
  inventory: inventoryEn,
};
