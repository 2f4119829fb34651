import type { LOT_GROUP_SORT_PROPERTIES, LOT_SORT_PROPERTIES, LotFilters } from '@tradedeck/sdk/contract';
import type { lotRepriceJobs, lots } from '../../db/schema.ts';

// The lots area's row types: the repositories answer them and the services read them, so they live apart from
// both (importing them from a repository made type-only import cycles).

export type LotDbRow = typeof lots.$inferSelect;
export type NewLot = Omit<typeof lots.$inferInsert, 'userId'>;
export type RepriceJobDbRow = typeof lotRepriceJobs.$inferSelect;
/** A job without its per-lot items (what an update answers). */
export type RepriceJobHead = Omit<RepriceJobDbRow, 'items'>;

/** A lot with its account's login beside it. */
export interface LotView extends LotDbRow {
  login: string;
}

/** What repricing reads of a lot (preview, apply and the tick): the engine's columns only, no join. */
export type RepriceLot = Pick<
  LotDbRow,
  | 'id'
  | 'sellerAccountId'
  | 'platform'
  | 'itemId'
  | 'assetId'
  | 'marketHashName'
  | 'currency'
  | 'price'
  | 'minPrice'
  | 'maxPrice'
  | 'purchasePrice'
  | 'profile'
  | 'strategy'
  | 'status'
  | 'issues'
  | 'settlement'
  | 'lastPriceWriteAt'
  | 'lastRepriceReason'
>;

/** A seller account as the lots area uses it: credentials (sealed), currency, modules, status, login. */
export interface LotAccount {
  id: number;
  userId: string;
  steamAccountId: number;
  apiKeyEnc: string;
  keyId: string;
  /** The market of the seller account (`tm` or `waxpeer`). */
  platform: string;
  currency: string;
  modules: string[];
  status: string;
  login: string;
}

export type LotSort = { propertyName: (typeof LOT_SORT_PROPERTIES)[number]; isDescending: boolean };
export type LotGroupSort = {
  propertyName: (typeof LOT_GROUP_SORT_PROPERTIES)[number];
  isDescending: boolean;
};

/** Which lots: ids, groups (`game:name` keys) and filters, as a union; nothing given selects nothing. */
export interface LotPick {
  ids?: number[] | undefined;
  groupKeys?: string[] | undefined;
  filters?: LotFilters | undefined;
}

/** The fields one step changes on many lots at once. */
export interface LotPatch {
  id: number;
  price?: number | null;
  status?: string;
  issues?: string[];
  lastPriceWriteAt?: Date | null;
  priceUpdatedAt?: Date | null;
  settlement?: number;
  lastWrittenPrice?: number | null;
  lastRepriceReason?: string | null;
  minPrice?: number | null;
  maxPrice?: number | null;
  profile?: string;
  strategy?: unknown;
  purchasePrice?: number | null;
  itemId?: string | null;
  listedAt?: Date | null;
}

export interface GroupAggregate {
  key: string;
  game: string;
  marketHashName: string;
  rarity: string | null;
  quantity: number;
  lotsCount: number;
  accountsCount: number;
  parts: { status: string; currency: string; count: number; lowest: number | null; issues: string[] }[];
}
