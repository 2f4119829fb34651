import type { PortfolioFilters } from '@tradedeck/sdk/contract';
import type { portfolioHoldings, StoredProviderPrice } from '../../db/schema.ts';

// Row types of the portfolio's reads: the repositories answer them and the service reads them.

export type HoldingRow = typeof portfolioHoldings.$inferSelect;

export interface PortfolioSort {
  propertyName: 'name' | 'count';
  isDescending: boolean;
}

export interface ItemGroupRow {
  game: string;
  marketHashName: string;
  name: string;
  iconUrl: string | null;
  exterior: string | null;
  rarity: string | null;
  count: number;
  accounts: number;
  tradableCount: number;
  protectedCount: number;
  protectedUntil: string | null;
}

export interface AccountGroupRow {
  accountId: number;
  login: string;
  count: number;
  tradableCount: number;
  protectedCount: number;
  lastScannedAt: string | null;
  lastErrorReason: string | null;
}

export interface AssetRow {
  accountId: number;
  login: string;
  game: string;
  appId: number;
  contextId: string;
  assetId: string;
  classId: string;
  instanceId: string;
  marketHashName: string;
  name: string;
  iconUrl: string | null;
  exterior: string | null;
  rarity: string | null;
  tradable: boolean;
  tradableAfter: Date | null;
  protectedUntil: Date | null;
}

/** Every source's price of one item as stored (bigints and times as text). */
export interface NamePrices {
  game: string;
  name: string;
  custom_amount: string | null;
  custom_currency: string | null;
  custom_at: string | null;
  providers: StoredProviderPrice[] | string | null;
  steam_amount: string | null;
  steam_currency: string | null;
  steam_at: string | null;
}

/** Unit values per item, as parallel arrays (one array parameter each). */
export interface UnitValues {
  games: string[];
  names: string[];
  amounts: number[];
  counted: boolean[];
  stale: boolean[];
}

export interface AccountValueRow {
  account_id: number;
  login: string;
  game: string;
  value: string;
  items: number;
  unpriced: number;
  stale: number;
  outliers: number;
}

export type { PortfolioFilters };
